# SOURCE: https://github.com/tensorflow/tensorflow/issues/89110
# SYMPTOM: number "weight change" < 0.000001
# DESCRIPTION: a logistic model guards its sigmoid with tf.clip_by_value on the logits; for logits outside the clip range the gradient of the clip is exactly zero, so the weights never move
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(64, 4)).astype("float32"))
y = tf.constant((rng.random(64) > 0.5).astype("float32")[:, None])
W = tf.Variable(tf.fill([4, 1], 40.0))  # badly scaled start: every logit far outside [-10, 10]
W0 = W.numpy().copy()
opt = tf.keras.optimizers.SGD(learning_rate=0.1)
bce = tf.keras.losses.BinaryCrossentropy()


def safe_sigmoid(logits):
    clipped = tf.clip_by_value(logits, -10.0, 10.0)  # EXPECT: api-misuse/clip-by-value-zero-gradient
    return tf.sigmoid(clipped)


x = tf.abs(x)  # all inputs positive, so all logits are > 10
for step in range(20):
    with tf.GradientTape() as tape:
        p_hat = safe_sigmoid(tf.matmul(x, W))
        loss = bce(y, p_hat)
    grads = tape.gradient(loss, [W])
    opt.apply_gradients(zip(grads, [W]))

print("loss", float(loss))
print("weight change", float(np.max(np.abs(W.numpy() - W0))))
