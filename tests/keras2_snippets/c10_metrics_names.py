# class: 10
# metrics_names after evaluate, zipped with the results.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", metrics=["mae"])
results = model.evaluate(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print(dict(zip(model.metrics_names, [round(r, 2) for r in results])).keys())  # EXPECT
