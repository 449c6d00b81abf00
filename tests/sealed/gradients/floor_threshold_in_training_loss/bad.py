# SOURCE: https://github.com/tensorflow/tensorflow/issues/8625
# SYMPTOM: raises ValueError
# DESCRIPTION: the training loss compares labels with floor() of the predicted probabilities; floor has no gradient
import tensorflow as tf

w = tf.Variable(tf.random.normal([10, 1], stddev=0.1))
b = tf.Variable(tf.zeros([1]))
optimizer = tf.keras.optimizers.SGD(learning_rate=0.005)
x = tf.random.normal([64, 10])
y_true = tf.cast(tf.random.uniform([64, 1]) > 0.5, tf.float32)

for step in range(3):
    with tf.GradientTape() as tape:
        y_prob = tf.sigmoid(tf.matmul(x, w) + b)
        y_pred = tf.floor(y_prob + 0.5)  # EXPECT: api-misuse/non-differentiable-op
        loss = tf.reduce_mean(tf.abs(y_true - y_pred))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
print("loss", float(loss))
