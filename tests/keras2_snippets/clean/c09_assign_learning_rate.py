# class: 9
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
model.optimizer.learning_rate.assign(0.01)
print(round(float(model.optimizer.learning_rate.numpy()), 4))
