# SOURCE: https://github.com/keras-team/keras/issues/14397
# SYMPTOM: raises AttributeError
# DESCRIPTION: a text classifier wraps its model with tf.keras.utils.multi_gpu_model before compiling; the function was removed from Keras (a tf.distribute.MirroredStrategy scope replaces it)
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import layers

rng = np.random.default_rng(9)
tokens = rng.integers(1, 1000, size=(256, 40))
labels = rng.integers(0, 4, size=256)


def build_model():
    return keras.Sequential(
        [
            keras.Input((40,)),
            layers.Embedding(1000, 32),
            layers.GlobalAveragePooling1D(),
            layers.Dense(4, activation="softmax"),
        ]
    )


model = build_model()
parallel_model = keras.utils.multi_gpu_model(model, gpus=2)  # EXPECT: keras3/removed-multi-gpu-model
parallel_model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = parallel_model.fit(tokens, labels, epochs=2, batch_size=32, verbose=0)
print("accuracy", history.history["accuracy"][-1])
