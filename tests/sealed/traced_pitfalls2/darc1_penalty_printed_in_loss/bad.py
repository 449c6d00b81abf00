# SOURCE: https://github.com/keras-team/keras/issues/8921
# SYMPTOM: lines "custom_loss" < 3
# DESCRIPTION: a custom training step computes a penalty from an intermediate layer output and prints it with Python's print to check it per batch, but the print runs only while the step is traced
"""A DARC1-regularized classifier whose custom loss uses an intermediate activation."""

import numpy as np
import tensorflow as tf


class Darc1Model(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(3, activation="softmax")

    def call(self, x):
        return self.out(self.hidden(x))

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            intermediate = self.hidden(x)
            y_pred = self.out(intermediate)
            original_loss = tf.reduce_mean(tf.keras.losses.categorical_crossentropy(y, y_pred))
            custom_loss = 0.01 * tf.reduce_max(tf.reduce_sum(tf.abs(intermediate), axis=0))
            print("custom_loss", custom_loss)  # EXPECT: side-effect/print-in-traced-code
            loss = original_loss + custom_loss
        grads = tape.gradient(loss, self.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
        return {"loss": loss}


model = Darc1Model()
model.compile(optimizer="sgd")
x = np.random.rand(12, 4).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 12), 3)
model.fit(x, y, batch_size=4, epochs=1, verbose=0)
