# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "flips" < 2
"""A metric keeps a Python flag for its first update and flips it in update_state: the flag is
read while fit traces the step, so every step takes the first-update branch."""

import numpy as np
import tensorflow as tf


class SignFlips(tf.keras.metrics.Metric):
    def __init__(self, name="sign_flips", **kwargs):
        super().__init__(name=name, **kwargs)
        self.flips = self.add_weight(name="flips", initializer="zeros")
        self.previous = self.add_weight(name="previous", shape=(1,), initializer="zeros")
        self.first_update = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        signs = tf.sign(tf.reduce_mean(y_pred, axis=0))
        if self.first_update:  # EXPECT: TF602
            self.first_update = False
        else:
            changed = tf.cast(tf.not_equal(signs, self.previous), tf.float32)
            self.flips.assign_add(tf.reduce_sum(changed))
        self.previous.assign(signs)

    def result(self):
        return self.flips


class Show(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("flips", float(logs["sign_flips"]))


x = np.linspace(-1.0, 1.0, 8).reshape(8, 1).astype("float32")
y = -x
model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1, use_bias=False)])
model.compile(optimizer=tf.keras.optimizers.SGD(0.5), loss="mse", metrics=[SignFlips()])
model.layers[0].set_weights([np.ones((1, 1), "float32")])
model.fit(x, np.sign(y), batch_size=1, epochs=3, verbose=0, callbacks=[Show()])
