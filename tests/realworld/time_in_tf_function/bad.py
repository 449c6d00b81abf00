# SOURCE: https://itsfoss.gitlab.io/post/why-your-tffunction-isnt-working-the-way-you-think-and-how-to-fix-it
# SYMPTOM: distinct "stamp" < 3
"""A timestamp read with time.time() inside the traced step is frozen at trace time."""

import time

import tensorflow as tf


@tf.function
def stamp():
    return tf.constant(time.time(), tf.float64)  # EXPECT: TF806


for _ in range(3):
    print("stamp", float(stamp()))
    time.sleep(0.01)
