# SOURCE: https://github.com/Eriri/brb/issues/2
# SYMPTOM: traces >= 5
"""`training` (called per fold) defines the distributed train step inside itself."""

import tensorflow as tf

w = tf.Variable(1.0)


def training(data):
    @tf.function
    def dist_train_step(x):  # EXPECT: TF504
        w.assign_sub(0.01 * x)
        return w

    for x in data:
        dist_train_step(x)


for fold in range(6):
    training(tf.constant([1.0, 2.0]))
