import numpy as np
import tensorflow as tf
import keras

model = keras.Sequential([keras.Input(shape=(4,)), keras.layers.Dense(8, activation="relu"), keras.layers.Dense(1)])
optimizer = keras.optimizers.SGD(0.1)


def get_loss(y_true, y_pred):
    return tf.reduce_mean(tf.square(y_true - y_pred))


x = np.random.rand(16, 4).astype("float32")
y = np.random.rand(16, 1).astype("float32")
before = [v.numpy().copy() for v in model.trainable_variables]
with tf.GradientTape() as tape:
    loss = get_loss(y, model(x, training=True))
grads = tape.gradient(loss, model.trainable_variables)
optimizer.apply_gradients(zip(grads, model.trainable_variables))
change = max(float(np.abs(b - v.numpy()).max()) for b, v in zip(before, model.trainable_variables))
print("weights_change", change)
