# SOURCE: https://github.com/exelban/tensorflow-cifar-10/issues/6
# SYMPTOM: number "LOSS" >= 0.3
"""The output layer has a softmax activation and its output is given to
`softmax_cross_entropy_with_logits`, which applies the softmax again: the loss cannot go below a
floor far above zero and its gradients are flattened."""

import numpy as np
import tensorflow as tf

rng = np.random.RandomState(0)
images = rng.randn(512, 16).astype("float32")
classes = (images[:, 0] > 0).astype("int32") + 2 * (images[:, 1] > 0).astype("int32")
labels = tf.one_hot(classes, 4)

tf.random.set_seed(0)
model = tf.keras.Sequential(
    [
        tf.keras.Input(shape=(16,)),
        tf.keras.layers.Dense(64, activation="relu"),
        tf.keras.layers.Dense(4, activation=tf.nn.softmax),
    ]
)
optimizer = tf.keras.optimizers.Adam(0.01)

for step in range(200):
    with tf.GradientTape() as tape:
        softmax = model(images)
        loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=softmax))  # EXPECT: TF935
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))

print("LOSS", float(loss))
