# SOURCE: https://github.com/TrickyGo/Dive-into-DL-TensorFlow2.0/issues/64
# SYMPTOM: number "ACCURACY" < 0.8
"""The model's last Dense layer has no activation, so it gives logits, but the loss is computed
with `sparse_categorical_crossentropy` left at `from_logits=False`: it clips the logits into
(0, 1) as if they were probabilities and the model does not learn."""

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
            loss = tf.reduce_mean(tf.keras.losses.sparse_categorical_crossentropy(y, outputs))  # EXPECT: TF934
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))

accuracy = np.mean(np.argmax(model(features).numpy(), axis=-1) == labels)
print("ACCURACY", float(accuracy))
