# class: 3
# reduction="auto" was the losses' default and could be spelled out.
import tensorflow as tf

loss = tf.keras.losses.MeanSquaredError(reduction="auto")  # EXPECT
print(float(loss(tf.ones((2, 1)), tf.zeros((2, 1)))))
