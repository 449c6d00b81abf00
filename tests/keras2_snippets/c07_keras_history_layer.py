# class: 7
# x._keras_history.layer to find the layer that made a tensor.
import tensorflow as tf

inputs = tf.keras.Input((3,))
hidden = tf.keras.layers.Dense(2, name="proj")(inputs)
print(hidden._keras_history.layer.name)  # EXPECT
