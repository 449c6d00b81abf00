"""The fix: call train_on_batch directly; a model compiled under the strategy's scope distributes the step itself."""

import numpy as np
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()

with strategy.scope():
    x_train = np.random.rand(64, 28, 28).astype(np.float32)
    y_train = np.random.randint(0, 10, 64)
    train_dataset = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(32)

    model = tf.keras.models.Sequential(
        [
            tf.keras.layers.Input((28, 28)),
            tf.keras.layers.Flatten(),
            tf.keras.layers.Dense(128, activation="relu"),
            tf.keras.layers.Dense(10),
        ]
    )
    model.compile(
        optimizer="adam",
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        metrics=["accuracy"],
    )

for x, y in train_dataset:
    logs = model.train_on_batch(x, y)
    print("[logs]", logs)
