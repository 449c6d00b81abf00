# SOURCE: https://github.com/keras-team/keras/issues/5521
# SYMPTOM: raises ValueError
# DESCRIPTION: an output layer samples binary values with floor(); floor has no gradient, so nothing below it trains
import numpy as np
import tensorflow as tf


def floor_sampling(x):
    return tf.floor(x + tf.random.uniform(tf.shape(x), 0, 1))  # EXPECT: api-misuse/non-differentiable-op


model = tf.keras.Sequential([
    tf.keras.Input(shape=(12,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(8, activation="sigmoid"),
    tf.keras.layers.Lambda(floor_sampling),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss="mse")
x = np.random.rand(32, 12).astype("float32")
y = np.random.randint(0, 2, (32, 8)).astype("float32")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
print("trained")
