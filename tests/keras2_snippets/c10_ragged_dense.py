# class: 10
# A ragged tensor fed to Dense.
import tensorflow as tf

ragged = tf.ragged.constant([[[1.0, 2.0]], [[3.0, 4.0], [5.0, 6.0]]], ragged_rank=1)
print(tf.keras.layers.Dense(1)(ragged).shape)  # EXPECT
