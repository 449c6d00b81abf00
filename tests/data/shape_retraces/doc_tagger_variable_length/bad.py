# SOURCE: https://github.com/tensorflow/tensorflow/issues/38002
# SYMPTOM: traces >= 5
"""Token classification over documents of varying length, one document per step."""

import keras
import tensorflow as tf

keras.utils.set_random_seed(1)
inputs = keras.Input(shape=(None, 3))
hidden = keras.layers.Conv1D(8, 3, padding="same", activation="relu")(inputs)
model = keras.Model(inputs, keras.layers.Conv1D(2, 3, padding="same")(hidden))
loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = keras.optimizers.SGD(0.1)


@tf.function  # EXPECT: retracing/shape-varies-between-calls
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
