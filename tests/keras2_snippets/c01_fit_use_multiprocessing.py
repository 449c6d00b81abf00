# class: 1
# predict(workers=..., use_multiprocessing=...) kept from generator-era code.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
print(model.predict(np.ones((2, 3)), workers=2, use_multiprocessing=False, verbose=0).shape)  # EXPECT
