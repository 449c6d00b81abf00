# SOURCE: https://github.com/UofT-DSI/deep_learning/issues/89
# SYMPTOM: number "preprocessed spread" < 30
# DESCRIPTION: a lab notebook resizes an image to floats in [0, 1] and passes it straight to ResNet50's preprocess_input, which expects 0-255 pixels, so the network sees nearly constant negative inputs
import numpy as np
import tensorflow as tf
from tensorflow.keras.applications.resnet50 import preprocess_input

rng = np.random.default_rng(89)
raw = rng.integers(0, 256, size=(64, 64, 3)).astype("float32")
input_image = tf.image.resize(raw / 255.0, (224, 224)).numpy()

x = preprocess_input(input_image[np.newaxis, ...])  # EXPECT: api-misuse/preprocess-input-expects-0-255
print("preprocessed spread", float(x.max() - x.min()))
