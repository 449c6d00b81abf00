"""The fix: read per-batch losses from the logs in a callback, outside the traced step."""

import numpy as np
import tensorflow as tf


class CheckedModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


step_losses = []
record = tf.keras.callbacks.LambdaCallback(on_train_batch_end=lambda batch, logs: step_losses.append(float(logs["loss"])))
model = CheckedModel()
model.compile(optimizer="sgd")
model.fit(np.random.rand(16, 3).astype("float32"), np.random.rand(16, 1).astype("float32"), batch_size=4, epochs=1, verbose=0, callbacks=[record])
print("first loss", step_losses[0])
