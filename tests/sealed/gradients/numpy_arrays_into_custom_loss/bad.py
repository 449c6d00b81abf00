# SOURCE: https://github.com/tensorflow/tensorflow/issues/50111
# SYMPTOM: raises ValueError
# DESCRIPTION: predictions are converted to NumPy arrays before the loss inside the tape, so no gradient reaches the variables
import numpy as np
import tensorflow as tf


def weighted_error(y_true, y_pred):
    errors = np.abs(y_true - y_pred) * np.array([1.0, 2.0], dtype=np.float32)
    return tf.reduce_mean(tf.constant(errors))


w = tf.Variable(tf.ones([3, 2]))
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
x = tf.random.normal([4, 3])
y = tf.zeros([4, 2])

with tf.GradientTape() as tape:
    prediction = tf.matmul(x, w)
    loss = weighted_error(y.numpy(), prediction.numpy())  # EXPECT: api-misuse/numpy-cuts-gradient
grads = tape.gradient(loss, [w])
optimizer.apply_gradients(zip(grads, [w]))
print("loss", float(loss))
