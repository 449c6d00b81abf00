# class: 10
# The learning rate LearningRateScheduler logs, read as history.history["lr"].
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
history = model.fit(
    np.ones((4, 3)), np.ones((4, 1)), epochs=2, verbose=0,
    callbacks=[tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr * 0.5)],
)
print(history.history["lr"])  # EXPECT
