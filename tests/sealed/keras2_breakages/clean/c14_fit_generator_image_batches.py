# class: 14
# DESCRIPTION: (Keras 3 form) fit_generator on ImageDataGenerator batches with validation batches and validation_steps
# SOURCE: https://github.com/jandremarais/PotholeDetection/issues/3
import numpy as np
import tensorflow as tf
from tensorflow.keras.preprocessing.image import ImageDataGenerator

rng = np.random.RandomState(0)
images = rng.rand(8, 6, 6, 3).astype("float32")
labels = np.eye(2, dtype="float32")[np.arange(8) % 2]
batch_size = 4
train_batches = ImageDataGenerator(rescale=1.0).flow(images, labels, batch_size=batch_size, shuffle=False)
valid_batches = ImageDataGenerator(rescale=1.0).flow(images, labels, batch_size=batch_size, shuffle=False)
model = tf.keras.Sequential([tf.keras.Input(shape=(6, 6, 3)), tf.keras.layers.Flatten(), tf.keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
history = model.fit(
    train_batches,
    steps_per_epoch=int(np.ceil(train_batches.n / batch_size)),
    epochs=1,
    verbose=0,
    validation_data=valid_batches,
    validation_steps=int(np.ceil(valid_batches.n / batch_size)),
)
print(sorted(history.history))
