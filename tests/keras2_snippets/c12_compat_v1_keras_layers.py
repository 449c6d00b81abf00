# class: 12
# tf.compat.v1.keras.layers used in a TF2 model.
import tensorflow as tf

layer = tf.compat.v1.keras.layers.Dense(2)
print(layer(tf.keras.Input((3,))).shape.as_list())  # EXPECT
