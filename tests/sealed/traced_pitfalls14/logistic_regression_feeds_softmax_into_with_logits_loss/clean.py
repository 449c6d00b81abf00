import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
centers = rng.normal(scale=4.0, size=(10, 20)).astype("float32")
labels = rng.integers(0, 10, size=512)
x = (centers[labels] + rng.normal(size=(512, 20))).astype("float32")
y = tf.one_hot(labels, 10)

W = tf.Variable(tf.zeros([20, 10]))
b = tf.Variable(tf.zeros([10]))
opt = tf.keras.optimizers.SGD(learning_rate=0.5)

for epoch in range(200):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, W) + b
        pred = tf.nn.softmax(logits)
        cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(cost, [W, b])
    opt.apply_gradients(zip(grads, [W, b]))

acc = float(tf.reduce_mean(tf.cast(tf.argmax(pred, 1) == labels, tf.float32)))
print("accuracy", acc)
print("final loss", float(cost))
