"""The fix: the twin's variables are assigned in the graph, variable by variable."""

import numpy as np
import keras
import tensorflow as tf


class TwinEncoders(keras.Model):
    def __init__(self):
        super().__init__()
        self.encoder_1 = keras.layers.Dense(3)
        self.encoder_2 = keras.layers.Dense(3)

    def call(self, x):
        return self.encoder_1(x) + self.encoder_2(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x) - y))
        variables = self.encoder_1.trainable_variables
        grads = tape.gradient(loss, variables)
        self.optimizer.apply_gradients(zip(grads, variables))
        for target, source in zip(self.encoder_2.weights, self.encoder_1.weights):
            target.assign(source)
        return {"loss": loss}


model = TwinEncoders()
model.compile(optimizer="sgd")
model(np.zeros((1, 4), dtype="float32"))
x = np.random.default_rng(0).random((8, 4)).astype("float32")
y = np.ones((8, 3), dtype="float32")
history = model.fit(x, y, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
