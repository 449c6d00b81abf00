# SOURCE: https://github.com/tensorflow/tensorflow/issues/31175
# SYMPTOM: traces >= 5
"""The epoch loop is a tf.function that takes the model's step method as an argument; each
`model.step` is a new bound-method object, so every epoch traces the loop again."""

import tensorflow as tf


class Regressor(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(1)

    def call(self, inputs):
        return self.dense(inputs)

    def step(self, features):
        return tf.reduce_mean(self(features))


@tf.function
def run_epoch(step_fn, features):
    return step_fn(features)


model = Regressor()
model(tf.ones((4, 3)))
for epoch in range(6):
    run_epoch(model.step, tf.ones((4, 3)))  # EXPECT: TF506
