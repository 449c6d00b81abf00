"""The fix: call the model itself inside the traced function."""

import tensorflow as tf

inputs = tf.keras.Input(shape=(3,))
hidden = tf.keras.layers.Dense(4, activation="relu")(inputs)
outputs = tf.keras.layers.Dense(5, activation="softmax")(hidden)
model = tf.keras.Model(inputs=inputs, outputs=outputs)
x = tf.constant([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]])
print("eager", model.predict(x, verbose=0).shape)


@tf.function(input_signature=[tf.TensorSpec(shape=(None, 3), dtype=tf.float32)])
def serve(batch):
    return model(batch, training=False)


concrete = serve.get_concrete_function()
print("served", concrete(x).shape)
