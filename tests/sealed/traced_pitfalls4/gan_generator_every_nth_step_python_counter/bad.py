# SOURCE: https://github.com/tensorflow/tensorflow/issues/41760
# SYMPTOM: number "generator updates" < 1
# DESCRIPTION: a WGAN overrides train_step and updates the generator every fifth step by testing a Python integer step count that a callback keeps on the model, but the traced step reads the count once while tracing, so the generator is never updated during fit
"""A WGAN-style model that trains the critic every step and the generator every fifth step."""

import numpy as np
import tensorflow as tf


class WGAN(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.critic = tf.keras.layers.Dense(1)
        self.generator = tf.keras.layers.Dense(4)
        self.steps_seen = 1
        self.gen_updates = tf.Variable(0, trainable=False)

    def call(self, z):
        return self.critic(self.generator(z))

    def train_step(self, data):
        if self.steps_seen % 5 == 0:  # EXPECT: stale-capture/python-attribute-read-in-traced-code
            self.gen_updates.assign_add(1)
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(self(data))
        grads = tape.gradient(loss, self.critic.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.critic.trainable_variables))
        return {"loss": loss}


class StepCounter(tf.keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        self.model.steps_seen = batch + 1


model = WGAN()
model(tf.zeros((1, 3)))
model.compile(optimizer="sgd")
model.fit(np.random.rand(40, 3).astype("float32"), batch_size=2, epochs=1, verbose=0, callbacks=[StepCounter()])
print("generator updates", int(model.gen_updates.numpy()))
