"""The fix: drop the watch call; a tape records trainable variables it sees used without being told."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense


class model(tf.keras.Model):
    def __init__(self, layers, num_epoch):
        super().__init__()
        self.model_layers = layers
        self.num_epoch = num_epoch
        self.optimizer_adam = tf.keras.optimizers.Adam(1e-3)
        self.bounds = {"lb": 0.0, "ub": 1.0}

    def call(self, r):
        return self.r_val(r)

    def r_val(self, r):
        r = 2.0 * (r - self.bounds["lb"]) / (self.bounds["ub"] - self.bounds["lb"]) - 1.0
        for layer in self.model_layers:
            r = layer(r)
        return r

    def Stress(self, r):
        return 448.4 * tf.exp(0.1231 * self.r_val(r)) - 0.409 * tf.exp(-6.933 * self.r_val(r))

    def loss_and_grads(self, r, stress_data):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(self.Stress(r) - stress_data))
        return loss, tape.gradient(loss, self.trainable_variables)

    def fit_adam(self, r, stress_data):
        for epoch in range(self.num_epoch):
            loss, grads = self.loss_and_grads(r, stress_data)
            self.optimizer_adam.apply_gradients(zip(grads, self.trainable_variables))
        return loss


r = tf.constant(np.linspace(0.0, 1.0, 32).reshape(-1, 1), tf.float32)
stress = tf.constant(448.0 * np.exp(0.1 * np.linspace(0.0, 1.0, 32)).reshape(-1, 1), tf.float32)
net = model([Dense(16, activation="tanh"), Dense(1)], num_epoch=3)
net(r)
print("[loss]", float(net.fit_adam(r, stress)))
