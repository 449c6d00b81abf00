# SOURCE: https://github.com/tensorflow/tensorflow/issues/45105
# SYMPTOM: raises AttributeError
# DESCRIPTION: a multi-stream forecaster reads an inner layer's activations through K.function with K.learning_phase(), backend graph APIs that TF 2.16+ Keras no longer provides
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

inputs = tf.keras.Input(shape=(24, 3))
hidden = tf.keras.layers.LSTM(8, return_sequences=True)(inputs)
dropped = tf.keras.layers.Dropout(0.3)(hidden)
outputs = tf.keras.layers.Dense(1)(dropped)
model = tf.keras.Model(inputs, outputs)

layer_idx = 2
get_activations = K.function([model.layers[0].input, K.learning_phase()], [model.layers[layer_idx].output])  # EXPECT: keras3/backend-function-learning-phase
acts = get_activations([np.zeros((2, 24, 3), "float32"), 0])[0]
print("activations", acts.shape)
