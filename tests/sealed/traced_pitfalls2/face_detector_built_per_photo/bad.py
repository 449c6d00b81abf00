# SOURCE: https://github.com/ipazc/mtcnn/issues/82
# SYMPTOM: traces >= 5
# DESCRIPTION: a detector object whose constructor wraps its network in a traced function is constructed again for every image in a loop, so each image pays for a new trace
"""Extracting faces from a folder of photos, one detector per photo."""

import tensorflow as tf


class Detector:
    def __init__(self):
        self.net = tf.keras.Sequential([tf.keras.Input((32, 32, 3)), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalMaxPooling2D()])
        self.run = tf.function(self.net)

    def detect_faces(self, image):
        return self.run(image[None])[0]


photos = [tf.random.uniform([32, 32, 3]) for _ in range(6)]
for photo in photos:
    detector = Detector()  # EXPECT: retracing/traced-function-created-per-iteration
    boxes = detector.detect_faces(photo)
print("boxes", boxes.shape)
