import tensorflow as tf


def weighted_error(y_true, y_pred):
    errors = tf.abs(y_true - y_pred) * tf.constant([1.0, 2.0])
    return tf.reduce_mean(errors)


w = tf.Variable(tf.ones([3, 2]))
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
x = tf.random.normal([4, 3])
y = tf.zeros([4, 2])

with tf.GradientTape() as tape:
    prediction = tf.matmul(x, w)
    loss = weighted_error(y, prediction)
grads = tape.gradient(loss, [w])
optimizer.apply_gradients(zip(grads, [w]))
print("loss", float(loss))
