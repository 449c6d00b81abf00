import numpy as np
import tensorflow as tf

rng = np.random.default_rng(43)
X_normalized = rng.normal(size=(64, 32 * 32 * 3)).astype("float32")
y_one_hot = tf.keras.utils.to_categorical(rng.integers(0, 43, size=64), 43)

model = tf.keras.Sequential([
    tf.keras.Input(shape=(32 * 32 * 3,)),
    tf.keras.layers.Dense(128, activation="relu"),
    tf.keras.layers.Dense(43, activation="softmax"),
])
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
history = model.fit(X_normalized, y_one_hot, batch_size=128, epochs=2, validation_split=0.2, verbose=2)
print("epochs", len(history.history["loss"]))
