# class: 6
# add_loss with a zero-argument callable (a regulariser on a weight).
import tensorflow as tf

dense = tf.keras.layers.Dense(2)
dense.build((None, 3))
dense.add_loss(lambda: tf.reduce_sum(dense.kernel ** 2))  # EXPECT
print(len(dense.losses))
