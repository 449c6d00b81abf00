import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
train_x = rng.normal(size=(200, 5)).astype("float32")
train_y = np.where(train_x[:, 0] - train_x[:, 2] > 0, 1.0, -1.0).astype("float32")

model = tf.keras.Sequential([
    tf.keras.Input((5,)),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.keras.optimizers.Adam(1e-2)

for epoch in range(30):
    with tf.GradientTape() as tape:
        prediction = tf.squeeze(model(train_x), axis=1)
        labels01 = (train_y + 1.0) / 2.0  # map -1/+1 to the 0/1 targets the loss expects
        cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=labels01, logits=prediction))
    grads = tape.gradient(cost, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))

accuracy = float(np.mean(np.where(prediction.numpy() > 0, 1.0, -1.0) == train_y))
print("accuracy", accuracy)
print("final loss", float(cost))
