# class: 11
# save_weights/load_weights of "weights.h5" (HDF5 in Keras 2), the path held by a name.
import numpy as np
import tensorflow as tf

path = "weights.h5"
model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.layers[0].set_weights([np.full((3, 1), 0.5, "float32"), np.ones(1, "float32")])
model.save_weights(path)  # EXPECT
other = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
other.load_weights(path)
print(other.predict(np.ones((1, 3)), verbose=0).tolist())
