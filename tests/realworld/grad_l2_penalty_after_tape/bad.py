# SOURCE: https://github.com/IntelLabs/coach/issues/220
# SYMPTOM: raises ValueError
"""The L2 penalty is added to the loss after the tape's block closed: the total loss was never
recorded, so every gradient of it is None."""

import tensorflow as tf


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.hidden = tf.keras.layers.Dense(8, activation="relu")
        self.out = tf.keras.layers.Dense(1)

    def call(self, inputs):
        return self.out(self.hidden(inputs))


model = Regressor()
optimizer = tf.keras.optimizers.Adam()
l2_regularization = 1e-4
features = tf.random.normal((16, 4))
targets = tf.random.normal((16, 1))
with tf.GradientTape() as tape:
    predictions = model(features)
    total_loss = tf.reduce_mean(tf.square(predictions - targets))
l2 = tf.add_n([tf.nn.l2_loss(v) for v in model.trainable_variables if "bias" not in v.name]) * l2_regularization
total_loss = total_loss + l2  # EXPECT: TF910
grads = tape.gradient(total_loss, model.trainable_variables)
optimizer.apply_gradients(zip(grads, model.trainable_variables))
