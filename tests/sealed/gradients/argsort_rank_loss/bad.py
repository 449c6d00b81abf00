# SOURCE: https://github.com/keras-team/keras/issues/16663
# SYMPTOM: raises ValueError
# DESCRIPTION: a ranking loss built from argsort of the predictions has no gradient, so fit finds none
import numpy as np
import tensorflow as tf


def rank_loss(y_true, y_pred):
    actual_orders = tf.argsort(tf.argsort(y_true))
    predicted_orders = tf.argsort(tf.argsort(y_pred))  # EXPECT: api-misuse/non-differentiable-op
    return tf.cast(tf.reduce_sum(tf.abs(actual_orders - predicted_orders)), tf.float32)


model = tf.keras.Sequential([
    tf.keras.Input(shape=(8,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(5),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss=rank_loss)
x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 5).astype("float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
print("trained")
