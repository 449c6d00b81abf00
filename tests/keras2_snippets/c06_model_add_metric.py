# class: 6
# model.add_metric on a functional model's tensor.
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((3,))
outputs = tf.keras.layers.Dense(1)(inputs)
model = tf.keras.Model(inputs, outputs)
model.add_metric(outputs, name="mean_output")  # EXPECT
print(len(model.metrics))
