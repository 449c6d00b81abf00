# SOURCE: https://github.com/aymericdamien/TensorFlow-Examples/issues/50
# SYMPTOM: number "final loss" >= 1.4
# DESCRIPTION: a softmax logistic regression passes tf.nn.softmax(logits) to softmax_cross_entropy_with_logits, applying softmax twice so the loss cannot fall below about 1.46 and training stalls
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
        pred = tf.nn.softmax(tf.matmul(x, W) + b)
        cost = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=pred))  # EXPECT: api-misuse/softmax-output-into-with-logits-loss
    grads = tape.gradient(cost, [W, b])
    opt.apply_gradients(zip(grads, [W, b]))

acc = float(tf.reduce_mean(tf.cast(tf.argmax(pred, 1) == labels, tf.float32)))
print("accuracy", acc)
print("final loss", float(cost))
