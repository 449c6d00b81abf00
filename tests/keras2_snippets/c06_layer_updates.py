# class: 6
# layer.updates, the BatchNormalization moving-average updates.
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization()
bn(tf.ones((2, 3)), training=True)
print(len(bn.updates))  # EXPECT
