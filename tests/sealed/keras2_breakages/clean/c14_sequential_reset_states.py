# class: 14
# DESCRIPTION: (Keras 3 form) model.reset_states() on a Sequential model with a stateful LSTM before generating
# SOURCE: https://github.com/MITDeepLearning/introtodeeplearning/issues/174
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(batch_shape=(1, None)),
    tf.keras.layers.Embedding(10, 4),
    tf.keras.layers.LSTM(3, return_sequences=True, stateful=True),
    tf.keras.layers.Dense(10),
])
model(np.array([[1, 2, 3]]))
for layer in model.layers:
    if hasattr(layer, "reset_state"):
        layer.reset_state()
print([float(np.abs(s.numpy()).sum()) for s in model.layers[1].states])
