import numpy as np
import tensorflow as tf
from tensorflow.keras.applications import InceptionV3

frames = tf.keras.Input(shape=(75, 75, 3))
flow = tf.keras.Input(shape=(75, 75, 3))

rgb_base = InceptionV3(weights=None, include_top=False, input_shape=(75, 75, 3), pooling="avg", name="rgb_inception")
flow_base = InceptionV3(weights=None, include_top=False, input_shape=(75, 75, 3), pooling="avg", name="flow_inception")
merged = tf.keras.layers.Concatenate()([rgb_base(frames), flow_base(flow)])
output = tf.keras.layers.Dense(2, activation="softmax")(merged)
model = tf.keras.Model([frames, flow], output)
print("scores", model([np.zeros((1, 75, 75, 3), "float32")] * 2).shape)
