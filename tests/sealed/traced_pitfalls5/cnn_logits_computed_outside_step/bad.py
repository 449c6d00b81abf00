# SOURCE: https://github.com/tensorflow/tensorflow/issues/28836
# SYMPTOM: raises ValueError
# DESCRIPTION: a training loop computes the model's logits in the outer loop and passes them to the compiled step, which opens its gradient tape only around the loss, so no gradient reaches the model's weights
"""A small CNN-like classifier trained with a compiled step."""

import numpy as np
import keras
import tensorflow as tf

model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(3)])
optimizer = keras.optimizers.Adam(1e-3)
loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


@tf.function
def train_step(logits, labels):
    with tf.GradientTape() as tape:
        loss = loss_fn(labels, logits)
    grads = tape.gradient(loss, model.trainable_variables)  # EXPECT: api-misuse/target-computed-outside-tape
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


rng = np.random.default_rng(0)
for step in range(3):
    images = rng.standard_normal((8, 4)).astype("float32")
    labels = rng.integers(0, 3, 8)
    logits = model(images)
    print("loss", float(train_step(logits, labels)))
