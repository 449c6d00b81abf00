# SOURCE: https://github.com/tensorflow/tensorflow/issues/52383
# SYMPTOM: raises AttributeError
# DESCRIPTION: a physics-style custom loss wants the derivative of the model output with respect to one input feature, so inside the loss passed to compile it converts model.input to a tensor, watches it on a GradientTape and calls the model on it; model.input is at best the symbolic placeholder of model construction (under Keras 3 a Sequential model does not even expose it there), never the batch fit is training on, so the compiled train step fails
"""Binary classifier whose loss penalises the output's slope along one input feature."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Sequential

rng = np.random.default_rng(0)
X = rng.random((96, 8)).astype("float32")
y = (X[:, 5] > 0.5).astype("float32")


def customLoss(yTrue, yPred):
    x_tensor = tf.convert_to_tensor(model.input, dtype=tf.float32)  # EXPECT: leaked-tensor/symbolic-model-input-in-loss|keras3/keras-tensor-passed-to-tf-op
    x_tensor = tf.cast(x_tensor, tf.float32)
    with tf.GradientTape() as t:
        t.watch(x_tensor)
        output = model(x_tensor)
    DyDX = t.gradient(output, x_tensor)
    dy_t = DyDX[:, 5:6]
    return tf.reduce_mean(tf.square(dy_t)) + tf.reduce_mean(tf.square(yTrue - yPred))


model = Sequential()
model.add(tf.keras.Input(shape=(8,)))
model.add(Dense(12, activation="relu"))
model.add(Dense(8, activation="relu"))
model.add(Dense(1, activation="sigmoid"))
model.compile(loss=customLoss, optimizer="adam")
history = model.fit(X, y[:, None], epochs=1, batch_size=32, verbose=0)
print("[loss]", history.history["loss"][-1])
