"""The fix: pass the index to each Lambda through its arguments, bound when the layer is made."""

import keras
import tensorflow as tf

test_input_data = tf.expand_dims(tf.linspace(0.0, 1.0, 6), axis=0)
input_layer = keras.layers.Input(batch_shape=(1, 6))

outputs = []
for i_channel in range(6):
    outputs.append(
        keras.layers.Lambda(lambda c, i: c[..., i : i + 1], arguments={"i": i_channel})(input_layer)
    )
cat_outputs = keras.layers.Concatenate()(outputs)

model = keras.Model(inputs=input_layer, outputs=cat_outputs, name="repro_model")
for value in model(test_input_data)[0]:
    print("[element]", round(float(value), 3))
