# class: 3
import tensorflow as tf

loss = tf.keras.losses.MeanSquaredError(reduction="sum_over_batch_size")
print(float(loss(tf.ones((2, 1)), tf.zeros((2, 1)))))
