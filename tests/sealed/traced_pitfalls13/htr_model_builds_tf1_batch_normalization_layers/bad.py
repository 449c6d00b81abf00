# SOURCE: https://github.com/githubharald/SimpleHTR/issues/177
# SYMPTOM: raises AttributeError
# DESCRIPTION: a handwritten-text-recognition model written in TF1 graph style builds its CNN with tf.compat.v1.layers.batch_normalization, which TensorFlow 2.16+ removed together with Keras 2 (the compat.v1 layers need tf-keras)
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
            conv_norm = tf.compat.v1.layers.batch_normalization(conv, training=self.is_train)  # EXPECT: tf1-api/compat-v1-layers-under-keras3
            relu = tf.nn.relu(conv_norm)
            pool = tf.nn.max_pool2d(input=relu, ksize=(1, 2, 2, 1), strides=(1, 2, 2, 1), padding="VALID")
        self.cnn_out = pool

    def infer(self, imgs):
        return self.sess.run(self.cnn_out, {self.input_imgs: imgs, self.is_train: False})


model = Model()
features = model.infer(np.random.rand(2, 32, 32).astype("float32"))
print("cnn output", features.shape)
