# class: 11
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.compile("adam", loss="mse")
model.save("m.keras")
restored = tf.keras.models.load_model("m.keras")
print(restored.predict(np.ones((1, 3)), verbose=0).shape)
