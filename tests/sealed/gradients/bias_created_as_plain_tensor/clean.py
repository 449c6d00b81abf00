import tensorflow as tf

w1 = tf.Variable(tf.random.truncated_normal([784, 256], stddev=0.1))
b1 = tf.Variable(tf.zeros([256]))
w2 = tf.Variable(tf.random.truncated_normal([256, 10], stddev=0.1))
b2 = tf.Variable(tf.zeros([10]))
lr = 0.01

x = tf.random.uniform([32, 784])
y = tf.one_hot(tf.random.uniform([32], maxval=10, dtype=tf.int32), depth=10)
for step in range(2):
    with tf.GradientTape() as tape:
        h1 = tf.nn.relu(x @ w1 + b1)
        out = h1 @ w2 + b2
        loss = tf.reduce_mean(tf.square(y - out))
    grads = tape.gradient(loss, [w1, b1, w2, b2])
    for p, g in zip([w1, b1, w2, b2], grads):
        p.assign_sub(lr * g)
print("loss", float(loss))
