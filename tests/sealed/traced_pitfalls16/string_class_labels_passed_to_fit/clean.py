import numpy as np
import tensorflow as tf

rng = np.random.default_rng(28)
features = rng.normal(size=(40, 6)).astype("float32")
labels = np.array(["cat", "dog", "bird", "cat"] * 10)

lookup = tf.keras.layers.StringLookup(num_oov_indices=0)
lookup.adapt(labels)
label_ids = lookup(labels).numpy()

model = tf.keras.Sequential([
    tf.keras.Input(shape=(6,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(3, activation="softmax"),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
model.fit(features, label_ids, epochs=2, batch_size=8, verbose=0)
print("trained", model.output_shape)
