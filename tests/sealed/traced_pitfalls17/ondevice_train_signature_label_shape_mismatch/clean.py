# SOURCE: https://github.com/tensorflow/tensorflow/issues/55403
# SYMPTOM: raises TypeError
# DESCRIPTION: an on-device training signature declares the labels as a fixed (10, 1) TensorSpec while the data pipeline passes a flat (10,) label vector, so the tf.function rejects the call
import numpy as np
import tensorflow as tf


class Trainer(tf.Module):
    def __init__(self):
        self.w = tf.Variable(tf.zeros([2, 1]))
        self.opt = tf.keras.optimizers.SGD(0.1)

    @tf.function(input_signature=[
        tf.TensorSpec([None, 2], tf.float32),
        tf.TensorSpec([None, 1], tf.float32),
    ])
    def train(self, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, self.w) - y))
        self.opt.apply_gradients([(tape.gradient(loss, self.w), self.w)])
        return {"loss": loss}


rng = np.random.default_rng(0)
x = rng.random((10, 2)).astype("float32")
y = (rng.random(10) > 0.5).astype("float32").reshape(-1, 1)
trainer = Trainer()
print("loss", float(trainer.train(tf.constant(x), tf.constant(y))["loss"]))
