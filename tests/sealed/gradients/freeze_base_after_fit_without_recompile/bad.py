# SOURCE: https://github.com/keras-team/keras/issues/7965
# SYMPTOM: number "frozen_change" >= 0.000001
# DESCRIPTION: after a first fit, the base layers are set non-trainable without compiling again; the next fit still updates them
import numpy as np
import tensorflow as tf

base = tf.keras.Sequential([tf.keras.Input(shape=(8,)), tf.keras.layers.Dense(12, activation="relu")], name="base")
head = tf.keras.layers.Dense(1, name="head")
model = tf.keras.Sequential([base, head])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-2), loss="mse")
x = np.random.rand(96, 8).astype("float32")
y = np.random.rand(96, 1).astype("float32")
model.fit(x, y, epochs=1, batch_size=32, verbose=0)

for layer in base.layers:
    layer.trainable = False  # EXPECT: api-misuse/trainable-changed-after-compile
frozen = base.layers[0].kernel.numpy().copy()
model.fit(x, y, epochs=2, batch_size=32, verbose=0)
print("frozen_change", f"{np.abs(base.layers[0].kernel.numpy() - frozen).max():.8f}")
