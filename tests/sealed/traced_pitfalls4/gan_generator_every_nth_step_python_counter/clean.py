"""The fix: decide with the optimizer's iteration counter, a variable the traced step reads each call."""

import numpy as np
import tensorflow as tf


class WGAN(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.critic = tf.keras.layers.Dense(1)
        self.generator = tf.keras.layers.Dense(4)
        self.gen_updates = tf.Variable(0, trainable=False)

    def call(self, z):
        return self.critic(self.generator(z))

    def train_step(self, data):
        due = tf.equal((self.optimizer.iterations + 1) % 5, 0)
        self.gen_updates.assign_add(tf.cast(due, self.gen_updates.dtype))
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(self(data))
        grads = tape.gradient(loss, self.critic.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.critic.trainable_variables))
        return {"loss": loss}


model = WGAN()
model(tf.zeros((1, 3)))
model.compile(optimizer="sgd")
model.fit(np.random.rand(40, 3).astype("float32"), batch_size=2, epochs=1, verbose=0)
print("generator updates", int(model.gen_updates.numpy()))
