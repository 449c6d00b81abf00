# SOURCE: https://www.whosebug.com/question/4843444/tf-Variable-assign-method-breaks-the-tf-GradientTape
# SYMPTOM: lines "[gradient]" < 1
# DESCRIPTION: inside a GradientTape a patch variable is written into a slice of another variable with assign; assign copies the values and records no differentiable path, so the gradient of the objective with respect to the patch is None
"""Gradient of an objective with respect to a patch written into a matrix."""

import tensorflow as tf

x = tf.Variable([[2.0, 3.0, 4.0], [1.0, 10.0, 100.0]])
patch = tf.Variable([[0.0, 1.0], [2.0, 3.0]])
with tf.GradientTape() as g:
    g.watch(patch)
    x[:2, :2].assign(patch)  # EXPECT: api-misuse/gradient-through-variable-assign
    y = tf.tensordot(x, tf.transpose(x), axes=1)
    o = tf.reduce_mean(y)
do_dpatch = g.gradient(o, patch)
if do_dpatch is None:
    print("[no gradient]")
else:
    print("[gradient]", do_dpatch.numpy().tolist())
