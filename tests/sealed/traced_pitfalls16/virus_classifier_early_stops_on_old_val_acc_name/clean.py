import numpy as np
import tensorflow as tf

rng = np.random.default_rng(12)
x = rng.normal(size=(96, 16)).astype("float32")
y = rng.integers(0, 2, size=(96, 1)).astype("float32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(16,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.0), loss="binary_crossentropy", metrics=["accuracy"])

early = tf.keras.callbacks.EarlyStopping(monitor="val_accuracy", patience=1, mode="max")
history = model.fit(x, y, validation_split=0.25, epochs=8, batch_size=24, callbacks=[early], verbose=0)
print("epochs run", len(history.history["loss"]))
