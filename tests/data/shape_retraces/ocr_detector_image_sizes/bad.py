# SOURCE: https://github.com/faustomorales/keras-ocr/issues/63
# SYMPTOM: traces >= 4
"""A text detector run on photographs of whatever size they come in."""

import keras
import tensorflow as tf

keras.utils.set_random_seed(3)
inputs = keras.Input(shape=(None, None, 3))
features = keras.layers.Conv2D(4, 3, padding="same", activation="relu")(inputs)
detector = keras.Model(inputs, keras.layers.Conv2D(2, 1, activation="sigmoid")(features))


@tf.function  # EXPECT: retracing/shape-varies-between-calls
def detect(images):
    scores = detector(images)
    return tf.reduce_max(scores, axis=[1, 2])


for height, width in ((32, 48), (40, 40), (24, 64), (48, 32), (36, 52)):
    image = tf.reshape(tf.range(height * width * 3, dtype=tf.float32) % 255.0, [1, height, width, 3])
    detect(image / 255.0)
