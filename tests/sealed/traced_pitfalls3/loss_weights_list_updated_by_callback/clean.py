"""The fix: keep the loss weights in a non-trainable variable and assign them from the callback."""

import numpy as np
import tensorflow as tf


class CustomModel(tf.keras.Model):
    def __init__(self, loss_weights):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2)
        self.loss_weights_var = tf.Variable(loss_weights, trainable=False)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            pred = self(x, training=True)
            loss_a = tf.reduce_mean(tf.square(y[:, 0] - pred[:, 0]))
            loss_b = tf.reduce_mean(tf.abs(y[:, 1] - pred[:, 1]))
            w = self.loss_weights_var[1]
            loss = self.loss_weights_var[0] * loss_a + w * loss_b
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss, "weight_b": w * tf.ones(())}


class ChangeLossWeights(tf.keras.callbacks.Callback):
    def on_epoch_begin(self, epoch, logs=None):
        self.model.loss_weights_var[1].assign(0.5 * epoch)


model = CustomModel([1.0, 0.0])
model.compile(optimizer="adam")
x = np.random.rand(16, 3).astype("float32")
y = np.random.rand(16, 2).astype("float32")
history = model.fit(x, y, batch_size=16, epochs=3, verbose=0, callbacks=[ChangeLossWeights()])
for value in history.history["weight_b"]:
    print(f"epoch weight {value:.2f}")
