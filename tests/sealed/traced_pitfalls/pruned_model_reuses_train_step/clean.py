"""The fix: create the new optimizer's variables eagerly before the traced step sees it."""

import tensorflow as tf

loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
train_loss = tf.keras.metrics.Mean(name="train_loss")
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy(name="train_accuracy")
x = tf.random.normal([32, 20])
y = tf.random.uniform([32], 0, 10, dtype=tf.int32)


def make_model():
    return tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(10)])


@tf.function
def train_one_step(model, masks, optimizer, x, y):
    with tf.GradientTape() as tape:
        y_pred = model(x)
        loss = loss_fn(y, y_pred)
    grads = tape.gradient(loss, model.trainable_variables)
    grads = [g * m for g, m in zip(grads, masks)]
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    train_loss(loss)
    train_accuracy(y, y_pred)


model = make_model()
masks = [tf.ones_like(v) for v in model.trainable_variables]
optimizer = tf.keras.optimizers.Adam(1e-3)
for step in range(2):
    train_one_step(model, masks, optimizer, x, y)

pruned = make_model()
masks = [tf.cast(tf.abs(v) > 0.05, tf.float32) for v in model.trainable_variables]
optimizer = tf.keras.optimizers.Adam(1e-3)
optimizer.build(pruned.trainable_variables)
for step in range(2):
    train_one_step(pruned, masks, optimizer, x, y)
print("accuracy", float(train_accuracy.result()))
