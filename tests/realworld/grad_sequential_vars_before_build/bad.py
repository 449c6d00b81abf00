# SOURCE: https://github.com/tensorflow/tensorflow/issues/26948
# SYMPTOM: raises ValueError
"""A perceptron trained by hand whose variables are listed before the Sequential is built:
the list is empty, so nothing is trained (and Keras 3's apply_gradients fails on it)."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1)])
variables = model.trainable_variables  # EXPECT: TF918
optimizer = tf.keras.optimizers.SGD(0.1)

features = tf.random.normal((16, 2))
labels = tf.reduce_sum(features, axis=1, keepdims=True)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(features) - labels))
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(grads, variables))
