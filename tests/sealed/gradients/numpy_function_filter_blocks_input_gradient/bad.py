# SOURCE: https://github.com/cleverhans-lab/cleverhans/issues/432
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: an adversarial attack needs the loss gradient with respect to the input, but the first layer runs NumPy code through numpy_function
import numpy as np
import tensorflow as tf


class SinhFilter(tf.keras.layers.Layer):
    def call(self, x):
        filtered = tf.numpy_function(np.sinh, [x], tf.float32)  # EXPECT: api-misuse/non-differentiable-op
        return tf.reshape(filtered, tf.shape(x))


model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    SinhFilter(),
    tf.keras.layers.Dense(3),
    tf.keras.layers.Activation("softmax"),
])
x = tf.random.uniform([5, 4])
labels = tf.constant([0, 1, 2, 1, 0])
with tf.GradientTape() as tape:
    tape.watch(x)
    loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(labels, model(x)))
gradient = tape.gradient(loss, x)
print("none_grads", int(gradient is None))
if gradient is not None:
    adversarial = x + 0.1 * tf.sign(gradient)
