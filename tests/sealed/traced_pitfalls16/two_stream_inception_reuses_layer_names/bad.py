# SOURCE: https://github.com/thanif/CPL/issues/4
# SYMPTOM: raises ValueError
# DESCRIPTION: a two-stream classifier instantiates the same Keras application twice, so both backbones carry the same fixed name and the combined functional model has duplicate names
import numpy as np
import tensorflow as tf
from tensorflow.keras.applications import InceptionV3

frames = tf.keras.Input(shape=(75, 75, 3))
flow = tf.keras.Input(shape=(75, 75, 3))

rgb_base = InceptionV3(weights=None, include_top=False, input_shape=(75, 75, 3), pooling="avg")
flow_base = InceptionV3(weights=None, include_top=False, input_shape=(75, 75, 3), pooling="avg")  # EXPECT: api-misuse/duplicate-layer-names
merged = tf.keras.layers.Concatenate()([rgb_base(frames), flow_base(flow)])
output = tf.keras.layers.Dense(2, activation="softmax")(merged)
model = tf.keras.Model([frames, flow], output)
print("scores", model([np.zeros((1, 75, 75, 3), "float32")] * 2).shape)
