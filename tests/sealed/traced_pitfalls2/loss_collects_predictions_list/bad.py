# SOURCE: https://github.com/keras-team/keras/issues/5825
# SYMPTOM: number "collected" < 2
# DESCRIPTION: a custom loss appends the predictions it receives to a module-level Python list to inspect them after training, but the loss body runs only while Keras traces it, so the list holds one symbolic tensor
"""Writing a custom sequence loss and collecting what it sees for debugging."""

import numpy as np
import tensorflow as tf

seen = []


def my_loss(y_true, y_pred):
    seen.append(y_pred)  # EXPECT: side-effect/python-state-mutated-in-traced-code
    labels = tf.argmax(tf.reshape(y_pred, (-1, 88, 3)), axis=-1)
    penalty = tf.reduce_mean(tf.cast(tf.not_equal(tf.cast(y_true[:, :, 0], tf.int64), labels), tf.float32))
    return tf.reduce_mean(tf.square(y_true - y_pred)) + 0.0 * penalty


model = tf.keras.Sequential([tf.keras.Input((88, 3)), tf.keras.layers.Dense(3)])
model.compile(optimizer="sgd", loss=my_loss)
x = np.random.rand(8, 88, 3).astype("float32")
model.fit(x, np.random.randint(0, 3, (8, 88, 3)).astype("float32"), batch_size=2, epochs=1, verbose=0)
print("collected", len(seen))
