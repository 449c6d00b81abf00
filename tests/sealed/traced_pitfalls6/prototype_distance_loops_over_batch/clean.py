"""The fix: the distances are computed for the whole batch by broadcasting."""

import keras
import tensorflow as tf

NUM_CLASSES, DIM = 4, 8


class PrototypeDistance(keras.layers.Layer):
    def build(self, input_shape):
        self.prototypes = self.add_weight(shape=(NUM_CLASSES, DIM), initializer="random_normal")

    def call(self, activations):
        diff = activations[:, None, :] - self.prototypes[None, :, :]
        return tf.reduce_sum(tf.square(diff), axis=2)


inputs = keras.Input((5,))
encoded = keras.layers.Dense(DIM)(inputs)
distances = PrototypeDistance()(encoded)
model = keras.Model(inputs, distances)
print("distances", model.output.shape)
