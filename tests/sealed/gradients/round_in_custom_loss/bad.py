# SOURCE: https://github.com/keras-team/keras/issues/4175
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom loss rounds the predictions; rounding has no gradient, so training finds none
import numpy as np
import tensorflow as tf


def rounded_error(y_true, y_pred):
    hard = tf.round(y_pred)  # EXPECT: api-misuse/non-differentiable-op
    return tf.reduce_mean(tf.abs(y_true - hard) * (1.0 + y_true))


model = tf.keras.Sequential([
    tf.keras.Input(shape=(10,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss=rounded_error)
x = np.random.rand(64, 10).astype("float32")
y = np.random.randint(0, 2, (64, 1)).astype("float32")
model.fit(x, y, epochs=1, batch_size=16, verbose=0)
print("trained")
