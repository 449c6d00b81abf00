# class: 1
# compile(experimental_steps_per_execution=...) from TF 2.3 recipes.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("sgd", "mse", experimental_steps_per_execution=2)  # EXPECT
print("compiled")
