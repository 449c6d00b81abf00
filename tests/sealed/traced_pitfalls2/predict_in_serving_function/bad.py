# SOURCE: https://github.com/tensorflow/tensorflow/issues/40447
# SYMPTOM: raises TypeError
# DESCRIPTION: a traced serving function calls the model's high-level batch prediction loop, which manages its own graph and returns NumPy arrays, instead of calling the model on the tensor
"""Exporting a concrete serving function of a small classifier."""

import tensorflow as tf

inputs = tf.keras.Input(shape=(3,))
hidden = tf.keras.layers.Dense(4, activation="relu")(inputs)
outputs = tf.keras.layers.Dense(5, activation="softmax")(hidden)
model = tf.keras.Model(inputs=inputs, outputs=outputs)
x = tf.constant([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
print("eager", model.predict(x, verbose=0).shape)


@tf.function(input_signature=[tf.TensorSpec(shape=(None, 3), dtype=tf.float32)])
def serve(batch):
    return model.predict(batch, verbose=0)  # EXPECT: api-misuse/keras-predict-in-traced-code


concrete = serve.get_concrete_function()
print("served", concrete(x).shape)
