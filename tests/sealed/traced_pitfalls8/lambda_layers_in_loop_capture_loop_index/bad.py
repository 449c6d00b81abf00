# SOURCE: https://github.com/tensorflow/tensorflow/issues/56169
# SYMPTOM: distinct "[element]" < 6
# DESCRIPTION: Lambda layers built in a for loop close over the loop index, which is looked up only when the model runs, so every Lambda extracts the last element
"""Split an input vector into per-element branches with Lambda layers and concatenate them back."""

import keras
import tensorflow as tf

test_input_data = tf.expand_dims(tf.linspace(0.0, 1.0, 6), axis=0)
input_layer = keras.layers.Input(batch_shape=(1, 6))

outputs = []
for i_channel in range(6):
    outputs.append(keras.layers.Lambda(lambda c: c[..., i_channel : i_channel + 1])(input_layer))  # EXPECT: stale-capture/loop-variable-captured-by-lambda
cat_outputs = keras.layers.Concatenate()(outputs)

model = keras.Model(inputs=input_layer, outputs=cat_outputs, name="repro_model")
for value in model(test_input_data)[0]:
    print("[element]", round(float(value), 3))
