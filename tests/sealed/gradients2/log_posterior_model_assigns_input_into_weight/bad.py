# SOURCE: https://github.com/tensorflow/tensorflow/issues/54532
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: A log-posterior model assigns its input into a weight with assign() and computes from the weight; assignment is not differentiable, so the gradient with respect to the input is None.
import tensorflow as tf
import keras


class DummyModel(keras.Model):
    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=(), dtype="float64", initializer="zeros")

    def call(self, x):
        self.w.assign(x)  # EXPECT: api-misuse/assign-breaks-gradient
        return 0.5 * self.w * self.w


model = DummyModel()
model.build(())
x = tf.constant(3.0, tf.float64)
with tf.GradientTape() as tape:
    tape.watch(x)
    log_posterior = model(x)
print("none_grads", int(tape.gradient(log_posterior, x) is None))
