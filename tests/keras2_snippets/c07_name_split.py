# class: 7
# The layer name recovered from a Keras tensor's name.
import tensorflow as tf

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(2, name="proj")(inputs)
print(hidden.name.split("/")[0])  # EXPECT
