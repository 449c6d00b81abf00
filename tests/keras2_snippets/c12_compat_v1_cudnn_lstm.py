# class: 12
# tf.compat.v1.keras.layers.CuDNNLSTM.
import tensorflow as tf

print(tf.compat.v1.keras.layers.CuDNNLSTM(4).units)  # EXPECT
