# SOURCE: https://github.com/tensorflow/tensorflow/issues/45162
# SYMPTOM: distinct "[scale]" < 2
# DESCRIPTION: an augmenter mapped over a tf.data pipeline picks one of its actions with random.choice, which runs once while the map function is traced, so every element gets the same action
"""A data augmenter that applies one randomly chosen action from a user-supplied list."""

import random

import tensorflow as tf


def make_scale(k):
    return lambda image: image * k


class Augmenter:
    def __init__(self, actions):
        self.actions = actions

    def __call__(self, image):
        action = random.choice(self.actions)  # EXPECT: graph-incompatible/python-random-in-traced-code
        return action(image)


augmenter = Augmenter([make_scale(k) for k in range(1, 31)])
ds = tf.data.Dataset.from_tensor_slices(tf.ones((12, 4))).map(augmenter)
for image in ds:
    print("[scale]", float(image[0]))
