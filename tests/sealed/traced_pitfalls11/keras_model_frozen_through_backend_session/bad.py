# SOURCE: https://github.com/amir-abdi/keras_to_tensorflow/issues/117
# SYMPTOM: raises AttributeError
# DESCRIPTION: a Keras-to-TensorFlow converter freezes a trained Keras model by taking the backend session with K.get_session() and converting that session graph's variables to constants; Keras on TF2 keeps no global session (the backend has no get_session), so the converter fails before freezing anything
"""Freeze a small Keras classifier into a constant GraphDef for deployment."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K

model = keras.Sequential([keras.Input(shape=(8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(np.random.default_rng(0).random((32, 8)), np.zeros(32), epochs=1, verbose=0)

sess = K.get_session()  # EXPECT: tf1-api/keras-backend-get-session
output_node_names = [out.name.split(":")[0] for out in model.outputs]
constant_graph = tf.compat.v1.graph_util.convert_variables_to_constants(sess, sess.graph.as_graph_def(), output_node_names)
print("[frozen nodes]", len(constant_graph.node))
