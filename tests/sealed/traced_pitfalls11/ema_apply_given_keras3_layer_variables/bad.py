# SOURCE: https://github.com/tensorflow/tensorflow/issues/76771
# SYMPTOM: raises AttributeError
# DESCRIPTION: a training loop keeps exponential moving averages of a Keras layer's weights by passing layer.trainable_variables to tf.train.ExponentialMovingAverage.apply; under Keras 3 those are KerasVariables whose dtype is a string, which the TF moving-average code cannot handle
"""Train a dense layer and keep moving averages of its weights for evaluation."""

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
    ema.apply(layer.trainable_variables)  # EXPECT: keras3/keras-variable-passed-to-tf-ema

print("[averaged kernel]", ema.average(layer.kernel.value).numpy().sum())
