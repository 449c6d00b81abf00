# SOURCE: https://github.com/tensorflow/tensorflow/issues/47906
# SYMPTOM: distinct "backbone" < 2
"""A fine-tuning callback holds the pretrained backbone and unfreezes it after the first epoch;
fit's train function was made with the frozen flags, so the backbone never trains."""

import numpy as np
import tensorflow as tf


class Unfreeze(tf.keras.callbacks.Callback):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def on_epoch_end(self, epoch, logs=None):
        print("backbone", round(float(np.sum(self.backbone.get_weights()[0])), 4))
        if epoch == 0:
            self.backbone.trainable = True  # EXPECT: TF921


backbone = tf.keras.layers.Dense(4, name="backbone")
backbone.trainable = False
model = tf.keras.Sequential([tf.keras.Input((4,)), backbone, tf.keras.layers.Dense(1)])
model.compile(optimizer="sgd", loss="mse")
x = np.random.default_rng(0).normal(size=(16, 4)).astype("float32")
model.fit(x, x.sum(axis=1, keepdims=True), epochs=3, verbose=0, callbacks=[Unfreeze(backbone)])
