# SOURCE: https://techfeed.net/pt/431483/
# SYMPTOM: number "final loss" < 0
# DESCRIPTION: a binary classifier keeps its labels as -1/+1 and trains with sigmoid_cross_entropy_with_logits, which expects 0/1 targets, so the loss runs below zero and the logits grow without bound
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
        cost = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=train_y, logits=prediction))  # EXPECT: api-misuse/sigmoid-cross-entropy-labels-not-0-1
    grads = tape.gradient(cost, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))

accuracy = float(np.mean(np.where(prediction.numpy() > 0, 1.0, -1.0) == train_y))
print("accuracy", accuracy)
print("final loss", float(cost))
