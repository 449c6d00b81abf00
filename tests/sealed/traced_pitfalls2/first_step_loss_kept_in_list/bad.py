# SOURCE: https://github.com/keras-team/keras/issues/7933
# SYMPTOM: raises TypeError
# DESCRIPTION: a custom training step appends each batch loss to a Python list on the model to read the first step's loss after training, but the step is traced, so the list receives a symbolic tensor instead of per-batch values
"""Recording the loss of the very first training step to check the initialization."""

import numpy as np
import tensorflow as tf


class CheckedModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)
        self.step_losses = []

    def call(self, x):
        return self.dense(x)

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self(x, training=True) - y))
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        self.step_losses.append(loss)  # EXPECT: side-effect/python-state-mutated-in-traced-code|leaked-tensor/tensor-stored-on-object
        return {"loss": loss}


model = CheckedModel()
model.compile(optimizer="sgd")
model.fit(np.random.rand(16, 3).astype("float32"), np.random.rand(16, 1).astype("float32"), batch_size=4, epochs=1, verbose=0)
print("first loss", float(model.step_losses[0]))
