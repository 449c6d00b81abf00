# class: 7
# x.shape.ndims of a layer output.
import tensorflow as tf

inputs = tf.keras.Input((5, 2))
hidden = tf.keras.layers.Dense(3)(inputs)
print(hidden.shape.ndims)  # EXPECT
