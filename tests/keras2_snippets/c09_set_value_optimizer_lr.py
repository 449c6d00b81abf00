# class: 9
# K.set_value(model.optimizer.lr, v) to change the learning rate.
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.keras.optimizers.SGD(0.1), "mse")
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
K.set_value(model.optimizer.learning_rate, 0.01)  # EXPECT
print(round(float(K.get_value(model.optimizer.learning_rate)), 4))
