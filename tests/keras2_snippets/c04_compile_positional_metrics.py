# class: 4
# compile(optimizer, loss, metrics) positionally: Keras 3's third parameter is loss_weights.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", ["mae"])  # EXPECT
history = model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print(sorted(history.history))
