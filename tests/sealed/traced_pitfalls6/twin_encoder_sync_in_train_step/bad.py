# SOURCE: https://github.com/tensorflow/tensorflow/issues/47675
# SYMPTOM: raises NotImplementedError
# DESCRIPTION: a custom train_step copies one encoder's weights into its twin with get_weights/set_weights, NumPy-based Keras APIs that cannot run while fit traces the step
"""A model with two encoders kept in sync by its own train_step."""

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
        self.encoder_2.set_weights(self.encoder_1.get_weights())  # EXPECT: graph-incompatible/numpy-weight-api-in-traced-code
        return {"loss": loss}


model = TwinEncoders()
model.compile(optimizer="sgd")
model(np.zeros((1, 4), dtype="float32"))
x = np.random.default_rng(0).random((8, 4)).astype("float32")
y = np.ones((8, 3), dtype="float32")
history = model.fit(x, y, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
