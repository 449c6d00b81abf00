# SOURCE: https://github.com/keras-team/keras/issues/18173
# SYMPTOM: raises Exception
# DESCRIPTION: an image-classifier notebook writes its settings as "batch_size = 10," with trailing commas, so fit() receives one-element tuples instead of integers
import numpy as np
import tensorflow as tf

batch_size = 10,  # EXPECT: api-misuse/trailing-comma-makes-tuple
epochs = 2,  # EXPECT: api-misuse/trailing-comma-makes-tuple
IMG_HEIGHT = 16
IMG_WIDTH = 16

rng = np.random.default_rng(18173)
train_images = rng.random((40, IMG_HEIGHT, IMG_WIDTH, 3)).astype("float32")
train_labels = rng.integers(0, 2, (40, 1))

model = tf.keras.Sequential([
    tf.keras.Input((IMG_HEIGHT, IMG_WIDTH, 3)),
    tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
history = model.fit(train_images, train_labels, batch_size=batch_size, epochs=epochs, verbose=0)
print("trained", len(history.history["loss"]))
