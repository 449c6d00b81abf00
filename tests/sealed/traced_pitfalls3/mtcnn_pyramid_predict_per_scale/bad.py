# SOURCE: https://github.com/deepfakes/faceswap/issues/1082
# SYMPTOM: traces >= 12
# DESCRIPTION: a face detector runs its proposal network with the model's predict method on every scale of an image pyramid, so each differently sized input goes through a new input pipeline and new traces, and the extraction floods the log with retracing warnings
"""The proposal stage of an MTCNN-style detector over an image pyramid."""

import numpy as np
import tensorflow as tf

inputs = tf.keras.Input((None, None, 3))
pnet = tf.keras.Model(inputs, tf.keras.layers.Conv2D(2, 3, activation="softmax")(inputs))
image = np.random.rand(96, 96, 3).astype("float32")

proposals = []
for scale in [1.0, 0.8, 0.64, 0.5, 0.4, 0.32]:
    size = int(96 * scale)
    scaled = tf.image.resize(image, (size, size)).numpy()
    out = pnet.predict(scaled[None], verbose=0)  # EXPECT: retracing/keras-predict-called-per-item-in-loop
    proposals.append(out.shape)
print("scales", len(proposals))
