"""The fix from the thread: describe each element with `output_signature`, shapes included."""

import numpy as np
import tensorflow as tf


def generate():
    for _ in range(8):
        yield np.ones(4, np.float32), np.float32(1.0)


dataset = tf.data.Dataset.from_generator(
    generate,
    output_signature=(
        tf.TensorSpec(shape=(4,), dtype=tf.float32),
        tf.TensorSpec(shape=(), dtype=tf.float32),
    ),
)
model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
history = model.fit(dataset.batch(4), epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
