# SOURCE: https://github.com/tensorflow/tensorflow/issues/62854
# SYMPTOM: traces >= 5
# DESCRIPTION: a training method decorated for graph execution belongs to a class instantiated once per experiment in a loop, so every new instance traces the method again and keeps its graphs alive
"""Training several small models in a loop, each wrapped in its own class instance."""

import numpy as np
import tensorflow as tf


class MyModel:
    def __init__(self):
        self.dnn = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(16), tf.keras.layers.Dense(1)])
        self.optimizer = tf.keras.optimizers.Adam()

    @tf.function
    def train(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.dnn(x) - y))
        grads = tape.gradient(loss, self.dnn.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.dnn.trainable_variables))
        return loss


x = tf.constant(np.random.rand(32, 8).astype("float32"))
y = tf.constant(np.random.rand(32, 1).astype("float32"))
for trial in range(5):
    model = MyModel()  # EXPECT: retracing/traced-method-per-new-instance
    for _ in range(3):
        loss = model.train(x, y)
    print("trial", trial, "loss", round(float(loss), 4))
