# SOURCE: https://github.com/keras-team/keras/issues/14651
# SYMPTOM: raises ValueError
# DESCRIPTION: A custom loss multiplies by an extra Keras Input layer that the model does not otherwise use; the symbolic input cannot enter the loss computed at fit time.
import numpy as np
import tensorflow as tf
import keras

inputs = keras.Input(shape=(4,))
delta = keras.Input(shape=(1,))
outputs = keras.layers.Dense(1, activation="sigmoid")(inputs)
model = keras.Model([inputs, delta], outputs)


def custom_loss(y_true, y_pred):
    out = tf.clip_by_value(y_pred, 1e-8, 1 - 1e-8)
    log_lik = y_true * tf.math.log(out)
    return tf.reduce_sum(-log_lik * delta)  # EXPECT: keras3/symbolic-input-used-in-loss


model.compile(optimizer="adam", loss=custom_loss)
x = np.random.rand(32, 4).astype("float32")
d = np.random.randint(0, 2, (32, 1)).astype("float32")
y = np.random.randint(0, 2, (32, 1)).astype("float32")
model.fit([x, d], y, epochs=1, verbose=0)
print("trained")
