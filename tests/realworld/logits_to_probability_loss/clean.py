# SOURCE: https://github.com/TrickyGo/Dive-into-DL-TensorFlow2.0/issues/64
"""The fix the thread settled on: the loss is told its inputs are logits."""

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
features = rng.randn(512, 8).astype("float32")
labels = (features[:, 0] > 0).astype("int32") + 2 * (features[:, 1] > 0).astype("int32")

tf.random.set_seed(0)
model = tf.keras.Sequential(
    [
        tf.keras.Input(shape=(8,)),
        tf.keras.layers.Dense(32, activation="relu"),
        tf.keras.layers.Dense(4),
    ]
)
optimizer = tf.keras.optimizers.Adam(0.01)

for epoch in range(20):
    for start in range(0, 512, 64):
        x, y = features[start : start + 64], labels[start : start + 64]
        with tf.GradientTape() as tape:
            outputs = model(x)
            loss = tf.reduce_mean(
                tf.keras.losses.sparse_categorical_crossentropy(y, outputs, from_logits=True)
            )
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

accuracy = np.mean(np.argmax(model(features).numpy(), axis=-1) == labels)
print("ACCURACY", float(accuracy))
