# class: 8
# tf.gather of features by index.
import tensorflow as tf

inputs = tf.keras.Input((6,))
picked = tf.gather(inputs, [0, 2, 4], axis=1)  # EXPECT
print(tf.keras.Model(inputs, picked).output_shape)
