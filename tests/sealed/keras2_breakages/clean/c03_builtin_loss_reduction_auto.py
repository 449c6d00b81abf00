# class: 3
# DESCRIPTION: (Keras 3 form) A built-in loss given reduction=tf.keras.losses.Reduction.AUTO explicitly
# SOURCE: https://github.com/keras-team/tf-keras/pull/738
import tensorflow as tf

mse = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
print(round(float(mse(tf.constant([[0.0], [1.0]]), tf.constant([[1.0], [1.0]]))), 4))
