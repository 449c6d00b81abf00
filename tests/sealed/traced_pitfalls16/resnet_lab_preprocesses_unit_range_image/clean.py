import numpy as np
import tensorflow as tf
from tensorflow.keras.applications.resnet50 import preprocess_input

rng = np.random.default_rng(89)
raw = rng.integers(0, 256, size=(64, 64, 3)).astype("float32")
input_image = tf.image.resize(raw / 255.0, (224, 224)).numpy()

x = preprocess_input(input_image[np.newaxis, ...] * 255.0)
print("preprocessed spread", float(x.max() - x.min()))
