# SOURCE: https://github.com/suinleelab/attributionpriors/issues/6
# SYMPTOM: raises ValueError
# DESCRIPTION: one module-level tf.function training step is reused for a fresh model and a fresh optimizer in each trial of a search; the new optimizer creates its variables while the step is traced again
"""A small hyper-parameter search that reuses one traced training step."""

import tensorflow as tf

x = tf.random.normal([32, 6])
y = tf.random.normal([32, 1])


@tf.function
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for units in (8, 16):
    model = tf.keras.Sequential([tf.keras.Input((6,)), tf.keras.layers.Dense(units), tf.keras.layers.Dense(1)])
    optimizer = tf.keras.optimizers.Adam(1e-3)
    for step in range(3):
        loss = train_step(model, optimizer, x, y)  # EXPECT: variable-creation/fresh-optimizer-per-trace
    print("units", units, "loss", float(loss))
