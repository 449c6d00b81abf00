# SOURCE: https://codemia.io/knowledge-hub/path/keras_tensorflow_initializer_for_variable_is_from_inside_a_control-flow_construct_a_loop_or_conditional
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom layer instantiates its Dense sublayer inside call(), so every trace of the forward pass creates new weights, which the compiled training step rejects
"""A projection block written as a custom Keras layer."""

import numpy as np
import keras


class ProjectionBlock(keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def call(self, x):
        projected = keras.layers.Dense(self.units, activation="relu")(x)  # EXPECT: variable-creation/layer-created-in-call
        return projected + x


inputs = keras.Input((8,))
outputs = keras.layers.Dense(1)(ProjectionBlock(8)(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="mse")
model.fit(np.random.rand(32, 8), np.random.rand(32, 1), epochs=2, verbose=0)
print(len(model.trainable_weights))
