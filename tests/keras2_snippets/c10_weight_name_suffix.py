# class: 10
# Selecting kernels by the ":0" suffix of their names.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
kernels = [w for w in model.weights if w.name.endswith("kernel:0")]  # EXPECT
print(len(kernels))
