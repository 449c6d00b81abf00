import numpy as np
import tensorflow as tf


def weighted_error(y_true, y_pred):
    return tf.reduce_mean(tf.abs(y_true - y_pred) * (1.0 + y_true))


model = tf.keras.Sequential([
    tf.keras.Input(shape=(10,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss=weighted_error)
x = np.random.rand(64, 10).astype("float32")
y = np.random.randint(0, 2, (64, 1)).astype("float32")
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
print("trained")
