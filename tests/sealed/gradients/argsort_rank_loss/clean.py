import numpy as np
import tensorflow as tf


def rank_loss(y_true, y_pred):
    true_order = tf.sign(y_true[:, :, None] - y_true[:, None, :])
    predicted_gap = y_pred[:, :, None] - y_pred[:, None, :]
    return tf.reduce_mean(tf.nn.softplus(-true_order * predicted_gap))


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
