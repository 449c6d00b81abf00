# class: 10
# The default name of a functional model.
import tensorflow as tf

inputs = tf.keras.Input((3,))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(inputs))
print(model.name == "model")  # EXPECT
