"""The thread's fix: an input signature with the document length left open."""

import keras
import tensorflow as tf

keras.utils.set_random_seed(1)
inputs = keras.Input(shape=(None, 3))
hidden = keras.layers.Conv1D(8, 3, padding="same", activation="relu")(inputs)
model = keras.Model(inputs, keras.layers.Conv1D(2, 3, padding="same")(hidden))
loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.SGD(0.1)


@tf.function(
    input_signature=[tf.TensorSpec([1, None, 3], tf.float32), tf.TensorSpec([1, None], tf.int32)]
)
def train(x, y):
    with tf.GradientTape() as g:
        loss = loss_object(y, model(x))
    gradients = g.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for length in (7, 12, 9, 15, 11):
    x = tf.reshape(tf.range(length * 3, dtype=tf.float32) % 5.0, [1, length, 3]) / 5.0
    y = tf.reshape(tf.range(length) % 2, [1, length])
    train(x, y)
