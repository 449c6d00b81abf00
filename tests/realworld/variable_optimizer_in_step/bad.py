# SOURCE: https://github.com/Rishit-dagli/Perceiver/pull/21
# SYMPTOM: raises ValueError
"""The optimizer is made inside the traced train step, so its slots are new variables."""

import tensorflow as tf

w = tf.Variable([1.0, 2.0])


@tf.function
def train_step(x):
    opt = tf.keras.optimizers.Adam(0.1)  # EXPECT: TF401
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * x)
    opt.apply_gradients([(tape.gradient(loss, w), w)])
    return loss


train_step(tf.constant([1.0, 1.0]))
train_step(tf.constant([[1.0, 1.0]]))
