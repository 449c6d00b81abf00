# class: 10
# Feeding a dict keyed by the default input name.
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
print(model.input_names)  # EXPECT
