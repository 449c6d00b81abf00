"""The fix: a differentiable loss (binary cross-entropy); the count only for reporting."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(1, activation="sigmoid")])
optimizer = tf.keras.optimizers.Adam()
cross_entropy = tf.keras.losses.BinaryCrossentropy()

features = tf.random.normal((100, 5))
labels = tf.cast(tf.random.uniform((100, 1)) > 0.5, tf.float32)
with tf.GradientTape() as tape:
    prediction = model(features)
    loss = cross_entropy(labels, prediction)
grads = tape.gradient(loss, model.trainable_weights)
optimizer.apply_gradients(zip(grads, model.trainable_weights))
correct = tf.math.count_nonzero(tf.math.equal(tf.round(prediction), labels))
print("correct", int(correct))
