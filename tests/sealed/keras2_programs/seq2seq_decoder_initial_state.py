# DESCRIPTION: A greedy decoder loop that starts an LSTMCell from cell.get_initial_state(batch_size=..., dtype=...)
# SOURCE: https://github.com/GoogleCloudPlatform/asl-ml-immersion/pull/450
import numpy as np
import tensorflow as tf

cell = tf.keras.layers.LSTMCell(4)
projection = tf.keras.layers.Dense(5)
embedding = tf.keras.layers.Embedding(5, 3)
batch = 2
state = cell.get_initial_state(batch_size=batch, dtype=tf.float32)
token = tf.zeros((batch,), tf.int32)
cell(embedding(token), state)
projection(tf.zeros((batch, 4)))
rng = np.random.RandomState(29)
for layer in (cell, projection, embedding):
    layer.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in layer.get_weights()])
decoded = []
for _ in range(4):
    output, state = cell(embedding(token), state)
    token = tf.argmax(projection(output), axis=-1, output_type=tf.int32)
    decoded.append(token.numpy().tolist())
print("decoded", decoded)
