# class: 11
# The output key of the serving signature, named after the last layer.
import tensorflow as tf

inputs = tf.keras.Input((3,), name="features")
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, name="score")(inputs))
tf.saved_model.save(model, "exported")
signature = tf.saved_model.load("exported").signatures["serving_default"]
print(list(signature.structured_outputs))  # EXPECT
