"""The fix: compute the comparison with TensorFlow ops, which XLA can compile."""

import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, input_dim, output_size, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(tf.random.normal([input_dim, output_size], seed=1), name="w")
        self.b = tf.Variable(tf.zeros([output_size]), name="b")

    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


model = Dense(2, 4)
optimizer = tf.keras.optimizers.Adam(0.4)


def compare(y_true, output):
    return tf.square(y_true - output)


@tf.function(jit_compile=True)
def run():
    for _ in tf.range(3):
        with tf.GradientTape() as tape:
            output = model([[7.0, 3.0]])
            comp = compare(tf.ones([1, 4]), output)
            loss = tf.reduce_mean(comp)
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


print("[loss]", float(run()))
