"""The fix: choose the action with a TensorFlow random index and tf.switch_case."""

import tensorflow as tf


def make_scale(k):
    return lambda image: image * k


class Augmenter:
    def __init__(self, actions):
        self.actions = actions

    def __call__(self, image):
        index = tf.random.uniform([], maxval=len(self.actions), dtype=tf.int32)
        return tf.switch_case(index, [lambda a=a: a(image) for a in self.actions])


augmenter = Augmenter([make_scale(k) for k in range(1, 31)])
ds = tf.data.Dataset.from_tensor_slices(tf.ones((12, 4))).map(augmenter)
for image in ds:
    print("[scale]", float(image[0]))
