# SOURCE: https://github.com/tensorflow/tensorflow/issues/40447
# SYMPTOM: raises TypeError
"""A serving function with an input signature calls model.predict to get a concrete function."""

import tensorflow as tf

inputs = tf.keras.Input(shape=(3,))
x = tf.keras.layers.Dense(4, activation="relu")(inputs)
outputs = tf.keras.layers.Dense(5, activation="softmax")(x)
model = tf.keras.Model(inputs=inputs, outputs=outputs)


@tf.function(input_signature=[tf.TensorSpec(shape=(None, 3), dtype=tf.float32)])
def predict(x):
    return model.predict(x)  # EXPECT: TF996


p = predict.get_concrete_function()
print(p)
