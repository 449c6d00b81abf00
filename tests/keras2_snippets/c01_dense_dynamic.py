# class: 1
# dynamic=False passed to a built-in layer's constructor.
import tensorflow as tf

layer = tf.keras.layers.Dense(2, dynamic=False)  # EXPECT
print(layer.units)
