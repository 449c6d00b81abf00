"""The fix: unigram overlap computed with tensor ops (a per-token match rate) inside the metric."""

import numpy as np
import tensorflow as tf


def rouge_1(y_true, y_pred):
    predicted = tf.argmax(y_pred, axis=-1)
    reference = tf.cast(y_true, tf.int64)
    return tf.reduce_mean(tf.cast(tf.equal(reference, predicted), tf.float32))


inputs = tf.keras.Input((5, 8))
model = tf.keras.Model(inputs, tf.keras.layers.Dense(10, activation="softmax")(inputs))
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=[rouge_1])
x = np.random.rand(16, 5, 8).astype("float32")
y = np.random.randint(0, 10, (16, 5))
for hidden_size in (8,):
    print("hidden size =", hidden_size)
    model.fit(x, y, batch_size=8, epochs=1, verbose=0)
print("trained")
