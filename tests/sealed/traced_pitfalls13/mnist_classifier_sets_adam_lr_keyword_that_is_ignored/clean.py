import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x_train = rng.random((512, 28 * 28)).astype("float32")
y_train = rng.integers(0, 10, size=512)

model = tf.keras.Sequential(
    [
        tf.keras.layers.Dense(64, activation="relu", input_shape=(28 * 28,)),
        tf.keras.layers.Dense(10, activation="softmax"),
    ]
)
optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)  # the keyword is learning_rate since Keras 2.3
model.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x_train, y_train, epochs=2, batch_size=64, verbose=0)
print("final loss", history.history["loss"][-1])
print("optimizer learning rate", float(optimizer.learning_rate))
