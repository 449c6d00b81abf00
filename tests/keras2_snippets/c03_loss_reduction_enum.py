# class: 3
# losses.Reduction.AUTO is the string "auto", which Keras 3 losses refuse.
import tensorflow as tf

loss = tf.keras.losses.MeanSquaredError(reduction=tf.keras.losses.Reduction.AUTO)  # EXPECT
print(float(loss(tf.ones((2, 1)), tf.zeros((2, 1)))))
