# SOURCE: https://github.com/serengil/deepface/issues/112
# SYMPTOM: traces >= 12
# DESCRIPTION: a face attribute analysis is run image by image in a Python loop, each call going through the model's high-level predict, which builds a new input pipeline and traces its functions on every call, so tracing dominates and TensorFlow warns about retracing
"""Estimating an attribute for a folder of face crops, one call per picture."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((48, 48, 3)), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalAveragePooling2D(), tf.keras.layers.Dense(1)])


def analyze(img):
    return float(model.predict(img[None], verbose=0)[0, 0])


pictures = [np.random.rand(48, 48, 3).astype("float32") for _ in range(8)]
ages = []
for picture in pictures:
    ages.append(analyze(picture))  # EXPECT: retracing/keras-predict-called-per-item-in-loop
print("analyzed", len(ages))
