# class: 3
# compile() with a tf.compat.v1 optimizer, wrapped by Keras 2.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile(tf.compat.v1.train.GradientDescentOptimizer(0.1), "mse")  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print("trained")
