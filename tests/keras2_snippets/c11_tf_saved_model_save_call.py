# class: 11
# tf.saved_model.save of a Keras model, then calling the loaded object.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
tf.saved_model.save(model, "exported")
loaded = tf.saved_model.load("exported")
print(loaded(np.ones((1, 3), "float32")).shape)  # EXPECT
