"""The fix: an input signature with unknown height and width, so one graph serves every image."""

import tensorflow as tf


class Detector:
    def __init__(self):
        backbone = tf.keras.Sequential(
            [tf.keras.Input((None, None, 3)), tf.keras.layers.Conv2D(8, 3, padding="same"), tf.keras.layers.Conv2D(4, 1)]
        )
        self.model = tf.function(backbone, input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32)])

    def detect(self, image):
        scores = self.model(image[tf.newaxis])
        return tf.reduce_max(scores)


detector = Detector()
sizes = [(120, 160), (100, 150), (90, 200), (64, 64), (128, 96), (150, 150), (80, 120)]
for height, width in sizes:
    best = detector.detect(tf.random.uniform([height, width, 3]))
print("best", float(best))
