import numpy as np
import tensorflow as tf

batch, n_head, length, d_k = 3, 2, 5, 4
rng = np.random.default_rng(28)
q = tf.constant(rng.normal(size=(batch, length, n_head * d_k)), tf.float32)
k = tf.constant(rng.normal(size=(batch, length, n_head * d_k)), tf.float32)
lengths = np.array([5, 3, 2])
pad = tf.constant((np.arange(length)[None, :] < lengths[:, None]).astype("float32"))
mask = tf.tile(pad[:, None, :], [1, length, 1])  # (batch, length, length), 1 = attend


def split_heads(x):
    x = tf.reshape(x, (batch, length, n_head, d_k))
    x = tf.transpose(x, (2, 0, 1, 3))  # (n_head, batch, length, d_k)
    return tf.reshape(x, (n_head * batch, length, d_k))


def attention_weights(q, k, mask):
    qs, ks = split_heads(q), split_heads(k)
    mask = tf.tile(mask, [n_head, 1, 1])
    scores = tf.matmul(qs, ks, transpose_b=True) / np.sqrt(d_k)
    scores = scores + (1.0 - mask) * -1e9
    return tf.reshape(tf.nn.softmax(scores), (n_head, batch, length, length))


weights = attention_weights(q, k, mask).numpy()
leaked = weights * (1.0 - mask.numpy())[None]
print("MISMATCH", int((leaked > 1e-6).sum()))
