import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()


class Model:
    img_size = (32, 32)

    def __init__(self):
        self.is_train = tf.compat.v1.placeholder(tf.bool, name="is_train")
        self.input_imgs = tf.compat.v1.placeholder(tf.float32, shape=(None, *self.img_size))
        self.setup_cnn()
        self.sess = tf.compat.v1.Session()
        self.sess.run(tf.compat.v1.global_variables_initializer())

    def setup_cnn(self):
        cnn_in4d = tf.expand_dims(input=self.input_imgs, axis=3)
        kernel_vals = [5, 5, 3]
        feature_vals = [1, 8, 16, 32]
        pool = cnn_in4d
        for i in range(len(kernel_vals)):
            kernel = tf.Variable(
                tf.random.truncated_normal(
                    [kernel_vals[i], kernel_vals[i], feature_vals[i], feature_vals[i + 1]], stddev=0.1
                )
            )
            conv = tf.nn.conv2d(input=pool, filters=kernel, padding="SAME", strides=(1, 1, 1, 1))
            # batch normalization written with tf.nn ops: the compat.v1 layers need Keras 2
            mean, variance = tf.nn.moments(conv, axes=[0, 1, 2])
            conv_norm = tf.nn.batch_normalization(conv, mean, variance, None, None, 1e-3)
            relu = tf.nn.relu(conv_norm)
            pool = tf.nn.max_pool2d(input=relu, ksize=(1, 2, 2, 1), strides=(1, 2, 2, 1), padding="VALID")
        self.cnn_out = pool

    def infer(self, imgs):
        return self.sess.run(self.cnn_out, {self.input_imgs: imgs, self.is_train: False})


model = Model()
features = model.infer(np.random.rand(2, 32, 32).astype("float32"))
print("cnn output", features.shape)
