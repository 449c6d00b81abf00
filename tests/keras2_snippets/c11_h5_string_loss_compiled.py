# class: 11
# An .h5 model compiled with a string loss, loaded and evaluated.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", loss="mse", metrics=["mae"])
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
model.save("m.h5")
restored = tf.keras.models.load_model("m.h5")
print(restored.evaluate(np.ones((4, 3)), np.ones((4, 1)), verbose=0, return_dict=True).keys())  # EXPECT
