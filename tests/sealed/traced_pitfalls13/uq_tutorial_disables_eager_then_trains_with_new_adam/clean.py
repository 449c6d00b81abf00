import os

os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()

rng = np.random.default_rng(0)
x_train = rng.normal(size=(200, 8)).astype("float32")
y_train = (x_train @ rng.normal(size=(8, 1))).astype("float32")

inputs = tf.keras.Input(shape=(8,))
h = tf.keras.layers.Dense(32, activation="relu")(inputs)
h = tf.keras.layers.Dropout(0.1)(h, training=True)  # MC dropout at prediction time too
outputs = tf.keras.layers.Dense(1)(h)
model = tf.keras.Model(inputs, outputs)
# graph-mode (v1) training needs an optimizer with get_updates: the legacy one
model.compile(optimizer=tf.keras.optimizers.legacy.Adam(learning_rate=1e-3), loss="mse")
model.fit(x_train, y_train, epochs=3, batch_size=32, verbose=0)

samples = np.stack([model.predict(x_train[:5], verbose=0) for _ in range(10)])
print("predictive std", float(samples.std(axis=0).mean()))
