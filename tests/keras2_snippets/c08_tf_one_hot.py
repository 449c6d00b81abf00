# class: 8
# tf.one_hot of an integer Input.
import tensorflow as tf

ids = tf.keras.Input((), dtype="int32")
encoded = tf.one_hot(ids, 10)  # EXPECT
print(tf.keras.Model(ids, tf.keras.layers.Dense(2)(encoded)).output_shape)
