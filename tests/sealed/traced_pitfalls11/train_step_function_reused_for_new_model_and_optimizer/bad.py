# SOURCE: https://github.com/suinleelab/attributionpriors/issues/6
# SYMPTOM: raises ValueError
# DESCRIPTION: one module-level tf.function train step takes the model and optimizer as arguments and is reused in a loop that builds a fresh model and optimizer per run; the second run retraces it and the new optimizer creates its variables on a non-first call
"""Train several candidate models in turn with one compiled training step."""

import numpy as np
import tensorflow as tf

x_train = np.random.rand(64, 10).astype(np.float32)
y_train = np.random.randint(0, 2, (64, 1)).astype(np.float32)
loss_fn = tf.keras.losses.BinaryCrossentropy()


@tf.function
def train_step(model, optimizer, inputs, labels):
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        loss = loss_fn(labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))  # EXPECT: variable-creation/optimizer-slots-created-on-retrace
    return loss


for run in range(2):
    model = tf.keras.Sequential(
        [tf.keras.Input((10,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(1, activation="sigmoid")]
    )
    optimizer = tf.keras.optimizers.Adam(1e-3)
    for step in range(3):
        loss = train_step(model, optimizer, x_train, y_train)
    print("[run]", run, float(loss))
