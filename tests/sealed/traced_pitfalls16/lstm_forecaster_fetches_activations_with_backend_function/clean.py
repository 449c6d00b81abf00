import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(24, 3))
hidden = tf.keras.layers.LSTM(8, return_sequences=True)(inputs)
dropped = tf.keras.layers.Dropout(0.3)(hidden)
outputs = tf.keras.layers.Dense(1)(dropped)
model = tf.keras.Model(inputs, outputs)

layer_idx = 2
get_activations = tf.keras.Model(model.inputs, model.layers[layer_idx].output)
acts = get_activations(np.zeros((2, 24, 3), "float32"), training=False).numpy()
print("activations", acts.shape)
