"""The fix: in TF2 there is no backend session; trace the model into a concrete function
and freeze that with convert_variables_to_constants_v2."""

import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.python.framework.convert_to_constants import convert_variables_to_constants_v2

model = keras.Sequential([keras.Input(shape=(8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(2, activation="softmax")])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(np.random.default_rng(0).random((32, 8)), np.zeros(32), epochs=1, verbose=0)

concrete = tf.function(lambda x: model(x)).get_concrete_function(tf.TensorSpec([None, 8], tf.float32))
frozen = convert_variables_to_constants_v2(concrete)
constant_graph = frozen.graph.as_graph_def()
print("[frozen nodes]", len(constant_graph.node))
