# SOURCE: https://github.com/lshug/first-order-model-tf/issues/22
# SYMPTOM: traces >= 5
"""`animate` defines its tf.function helpers inside, and is called once per video."""

import tensorflow as tf


def animate(driving):
    @tf.function
    def slice_driving(frames, i):  # EXPECT: TF504
        return frames[i]

    return slice_driving(driving, tf.constant(0))


for _ in range(6):
    animate(tf.ones([3, 4]))
