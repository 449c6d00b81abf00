# SOURCE: https://github.com/StanislasBertrand/RetinaFace-tf2/pull/7
# SYMPTOM: traces >= 6
# DESCRIPTION: a detector's model call is wrapped for graph execution without an input signature and then fed images of arbitrary sizes, so it is traced again for every new image shape
"""Running a fully convolutional detector over photos of different sizes."""

import tensorflow as tf


class Detector:
    def __init__(self):
        backbone = tf.keras.Sequential(
            [tf.keras.Input((None, None, 3)), tf.keras.layers.Conv2D(8, 3, padding="same"), tf.keras.layers.Conv2D(4, 1)]
        )
        self.model = tf.function(backbone)  # EXPECT: retracing/shape-varies-between-calls

    def detect(self, image):
        scores = self.model(image[tf.newaxis])
        return tf.reduce_max(scores)


detector = Detector()
sizes = [(120, 160), (100, 150), (90, 200), (64, 64), (128, 96), (150, 150), (80, 120)]
for height, width in sizes:
    best = detector.detect(tf.random.uniform([height, width, 3]))
print("best", float(best))
