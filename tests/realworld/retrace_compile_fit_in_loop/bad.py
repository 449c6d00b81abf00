# SOURCE: https://github.com/tensorflow/tensorflow/issues/73864
# SYMPTOM: traces >= 5
"""`compile` is called again before each `fit` in a loop over rounds: every compile drops the
traced training function, so every round traces a new one (memory grows until the process dies)."""

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3)])
data = tf.data.Dataset.from_tensor_slices(
    (np.random.rand(16, 4).astype("float32"), np.random.randint(0, 3, 16))
).batch(8)
for r in range(6):
    model.compile(  # EXPECT: TF511
        optimizer="sgd", loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    )
    model.fit(data, epochs=1, verbose=0)
