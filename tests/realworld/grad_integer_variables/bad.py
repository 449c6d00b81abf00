# SOURCE: https://github.com/tensorflow/tensorflow/issues/27378
# SYMPTOM: raises ValueError
"""Variables initialised with integers are integer variables: no gradient is defined on them, so
the optimizer gets none."""

import tensorflow as tf

w = tf.Variable(2)
b = tf.Variable(1)
optimizer = tf.keras.optimizers.SGD(0.01)

xs = tf.constant([1, 2, 3, 4])
ys = tf.constant([3, 5, 7, 9])
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(w * xs + b - ys))
grads = tape.gradient(loss, [w, b])  # EXPECT: TF915
optimizer.apply_gradients(zip(grads, [w, b]))
