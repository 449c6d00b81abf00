# class: 3
# A LearningRateScheduler whose schedule returns a tensor (tf.math.exp).
import numpy as np
import tensorflow as tf

def schedule(epoch, lr):
    return lr * tf.math.exp(-0.1)

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse")
callback = tf.keras.callbacks.LearningRateScheduler(schedule)  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), epochs=2, callbacks=[callback], verbose=0)
print("trained")
