# SOURCE: https://github.com/wandb/examples/issues/25
# SYMPTOM: number "weight change" < 0.001
# DESCRIPTION: a notebook's tf.function train_step reads the global model and optimizer; when the model cell is rerun with new hyperparameters the step keeps the graph traced for the first model (TF 2.3 raised "tried to create variables on non-first call"; TF 2.21 silently trains the old model and leaves the new one untouched)
import numpy as np
import tensorflow as tf
import keras

rng = np.random.default_rng(0)
x_train = rng.normal(size=(128, 20)).astype("float32")
y_train = rng.integers(0, 4, size=128)
train_ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(32)

loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
train_loss = keras.metrics.Mean(name="train_loss")


def make_model(units):
    return keras.Sequential([keras.Input((20,)), keras.layers.Dense(units, activation="relu"), keras.layers.Dense(4)])


@tf.function
def train_step(images, labels):
    with tf.GradientTape() as tape:
        predictions = model(images, training=True)  # EXPECT: stale-capture/global-model-rebound-after-trace
        loss = loss_object(labels, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    train_loss(loss)


# the "model" cell and the "training" cell, run once, then again after tweaking the width
for units in (32, 64):
    model = make_model(units)
    optimizer = keras.optimizers.Adam(1e-3)
    train_loss.reset_state()
    before = [w.copy() for w in model.get_weights()]
    for epoch in range(2):
        for images, labels in train_ds:
            train_step(images, labels)
    change = sum(float(np.abs(a - b).sum()) for a, b in zip(before, model.get_weights()))
    print("units", units, "loss", float(train_loss.result()))
    print("weight change", change)
