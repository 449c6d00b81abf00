# class: 14
# DESCRIPTION: (Keras 3 form) tf.keras.layers.experimental.preprocessing.Rescaling as the first layer of an image classifier
# SOURCE: https://github.com/GSNCodes/Image-Classification-Streamlit-TensorFlow/issues/2
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6, 6, 3)),
    tf.keras.layers.Rescaling(1.0 / 255),
    tf.keras.layers.Conv2D(2, 3, activation="relu"),
    tf.keras.layers.GlobalMaxPooling2D(),
    tf.keras.layers.Dense(3),
])
print(model.predict(np.zeros((1, 6, 6, 3), "float32"), verbose=0).shape)
