# SOURCE: https://github.com/tensorflow/tensorflow/issues/50937
# SYMPTOM: raises ValueError
# DESCRIPTION: a sensor-window regressor streams its samples through a batched, prefetched tf.data pipeline and asks model.fit for validation_split, which only slices in-memory arrays and tensors; a dataset has to be split with take/skip and passed as validation_data
import numpy as np
import tensorflow as tf
import keras
from keras import layers

rng = np.random.default_rng(3)
windows = rng.normal(size=(400, 16, 3)).astype("float32")
targets = windows[:, -4:, 0].mean(axis=1, keepdims=True)


def to_features(window, target):
    return window - tf.reduce_mean(window, axis=0, keepdims=True), target


samples = tf.data.Dataset.from_tensor_slices((windows, targets)).map(to_features)
train_ds = samples.shuffle(400, seed=3).batch(32).prefetch(tf.data.AUTOTUNE)

model = keras.Sequential(
    [
        keras.Input((16, 3)),
        layers.Conv1D(8, 3, activation="relu"),
        layers.GlobalAveragePooling1D(),
        layers.Dense(1),
    ]
)
model.compile(optimizer="adam", loss="mse")
history = model.fit(train_ds, epochs=3, validation_split=0.2, verbose=0)  # EXPECT: api-misuse/validation-split-with-dataset
print("val loss", history.history["val_loss"][-1])
