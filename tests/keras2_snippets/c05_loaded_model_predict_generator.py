# class: 5
# predict_generator on a model from load_model.
import numpy as np
import tensorflow as tf

tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)]).save("m.h5")
model = tf.keras.models.load_model("m.h5")
print(model.predict_generator(iter([np.ones((2, 3))]), steps=1).shape)  # EXPECT
