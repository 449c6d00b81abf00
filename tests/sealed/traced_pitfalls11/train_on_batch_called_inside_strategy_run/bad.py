# SOURCE: https://github.com/tensorflow/tensorflow/issues/41773
# SYMPTOM: raises RuntimeError
# DESCRIPTION: a MirroredStrategy training loop wraps model.train_on_batch in strategy.run to spread the batch over replicas; train_on_batch already distributes the step itself and must be called in cross-replica context, so it fails inside a replica function
"""Train an MNIST-style classifier batch by batch under MirroredStrategy."""

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
    logs = strategy.run(model.train_on_batch, args=(x, y))  # EXPECT: api-misuse/keras-training-api-inside-strategy-run
    print("[logs]", logs)
