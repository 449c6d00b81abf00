"""The fix: build the patched matrix as a tensor with tensor_scatter_nd_update, which is differentiable with respect to the updates."""

import tensorflow as tf

x = tf.Variable([[2.0, 3.0, 4.0], [1.0, 10.0, 100.0]])
patch = tf.Variable([[0.0, 1.0], [2.0, 3.0]])
indices = [[0, 0], [0, 1], [1, 0], [1, 1]]
with tf.GradientTape() as g:
    g.watch(patch)
    patched = tf.tensor_scatter_nd_update(x, indices, tf.reshape(patch, [-1]))
    y = tf.tensordot(patched, tf.transpose(patched), axes=1)
    o = tf.reduce_mean(y)
do_dpatch = g.gradient(o, patch)
if do_dpatch is None:
    print("[no gradient]")
else:
    print("[gradient]", do_dpatch.numpy().tolist())
