"""The fix: hand the moving-average code the tf.Variables behind the Keras 3 variables
(their .value), which carry TensorFlow dtypes."""

import tensorflow as tf

layer = tf.keras.layers.Dense(2)
ema = tf.train.ExponentialMovingAverage(decay=0.999)
optimizer = tf.keras.optimizers.SGD(0.1)

x = tf.ones((3, 3))
target = tf.zeros((3, 2))
y = layer(x)

for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(layer(x) - target))
    grads = tape.gradient(loss, layer.trainable_variables)
    optimizer.apply_gradients(zip(grads, layer.trainable_variables))
    ema.apply([v.value for v in layer.trainable_variables])

print("[averaged kernel]", ema.average(layer.kernel.value).numpy().sum())
