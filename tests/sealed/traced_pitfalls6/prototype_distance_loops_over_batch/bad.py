# SOURCE: https://github.com/keras-team/keras/issues/9518
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom layer computing distances to class prototypes loops in Python over range of the static batch size read from its input's shape, which is unknown when the model is built
"""A prototype-distance layer on top of a small encoder."""

import keras
import tensorflow as tf

NUM_CLASSES, DIM = 4, 8


class PrototypeDistance(keras.layers.Layer):
    def build(self, input_shape):
        self.prototypes = self.add_weight(shape=(NUM_CLASSES, DIM), initializer="random_normal")

    def call(self, activations):
        batch_size = activations.shape[0]
        dists = []
        for i in range(batch_size):  # EXPECT: graph-incompatible/static-shape-with-none-dimension
            tiled = tf.tile(activations[i][None, :], (NUM_CLASSES, 1))
            dists.append(tf.reduce_sum(tf.square(tiled - self.prototypes), axis=1))
        return tf.stack(dists)


inputs = keras.Input((5,))
encoded = keras.layers.Dense(DIM)(inputs)
distances = PrototypeDistance()(encoded)
model = keras.Model(inputs, distances)
print("distances", model.output.shape)
