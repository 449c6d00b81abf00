# SOURCE: https://github.com/tensorflow/tensorflow/issues/32478
# SYMPTOM: raises TypeError
# DESCRIPTION: a hand-written gradient step calls optimizer.apply_gradients(gradient, variable) with two arguments instead of one list of (gradient, variable) pairs
import tensorflow as tf

optimizer = tf.keras.optimizers.SGD(learning_rate=0.001)
x = tf.Variable(2 * tf.ones((5, 1)))
with tf.GradientTape() as t:
    y = x ** 2
dy_dx = t.gradient(y, x)
optimizer.apply_gradients(dy_dx, x)  # EXPECT: api-misuse/apply-gradients-without-pairs
print("x after step", float(tf.reduce_mean(x)))
