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
samples = samples.shuffle(400, seed=3, reshuffle_each_iteration=False)
val_ds = samples.take(80).batch(32).prefetch(tf.data.AUTOTUNE)
train_ds = samples.skip(80).batch(32).prefetch(tf.data.AUTOTUNE)

model = keras.Sequential(
    [
        keras.Input((16, 3)),
        layers.Conv1D(8, 3, activation="relu"),
        layers.GlobalAveragePooling1D(),
        layers.Dense(1),
    ]
)
model.compile(optimizer="adam", loss="mse")
history = model.fit(train_ds, epochs=3, validation_data=val_ds, verbose=0)
print("val loss", history.history["val_loss"][-1])
