# SOURCE: https://github.com/tensorflow/tensorflow/issues/42386
# SYMPTOM: raises TypeError
# DESCRIPTION: A custom loss function computes its value but has no return statement, so the tape is asked for the gradient of None.
import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.1)


def get_loss(y_true, y_pred):
    tf.reduce_mean(tf.square(y_true - y_pred))  # EXPECT: api-misuse/loss-function-without-return


x = np.random.rand(16, 4).astype("float32")
y = np.random.rand(16, 1).astype("float32")
with tf.GradientTape() as tape:
    loss = get_loss(y, model(x, training=True))
grads = tape.gradient(loss, model.trainable_variables)
optimizer.apply_gradients(zip(grads, model.trainable_variables))
print("trained")
