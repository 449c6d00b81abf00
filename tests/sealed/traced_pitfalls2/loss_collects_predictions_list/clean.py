"""The fix: collect predictions outside the traced loss, from a callback calling the model."""

import numpy as np
import tensorflow as tf

seen = []


def my_loss(y_true, y_pred):
    labels = tf.argmax(tf.reshape(y_pred, (-1, 88, 3)), axis=-1)
    penalty = tf.reduce_mean(tf.cast(tf.not_equal(tf.cast(y_true[:, :, 0], tf.int64), labels), tf.float32))
    return tf.reduce_mean(tf.square(y_true - y_pred)) + 0.0 * penalty


x = np.random.rand(8, 88, 3).astype("float32")


class Collect(tf.keras.callbacks.Callback):
    def on_train_batch_end(self, batch, logs=None):
        seen.append(self.model(x[:2]).numpy())


model = tf.keras.Sequential([tf.keras.Input((88, 3)), tf.keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=my_loss)
model.fit(x, np.random.randint(0, 3, (8, 88, 3)).astype("float32"), batch_size=2, epochs=1, verbose=0, callbacks=[Collect()])
print("collected", len(seen))
