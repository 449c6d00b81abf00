# class: 3
# DESCRIPTION: A built-in loss given reduction=tf.keras.losses.Reduction.AUTO explicitly
# SOURCE: https://github.com/keras-team/tf-keras/pull/738
import tensorflow as tf

mse = tf.keras.losses.MeanSquaredError(reduction=tf.keras.losses.Reduction.AUTO)  # EXPECT
print(round(float(mse(tf.constant([[0.0], [1.0]]), tf.constant([[1.0], [1.0]]))), 4))
