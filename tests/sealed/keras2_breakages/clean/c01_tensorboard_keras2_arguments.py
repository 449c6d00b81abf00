# class: 1
# DESCRIPTION: (Keras 3 form) TensorBoard(log_dir, histogram_freq=0, batch_size=32, write_graph=True, write_grads=False, ..., embeddings_layer_names=None)
# SOURCE: https://github.com/keras-team/keras/issues/7489
import numpy as np
import tensorflow as tf

tensorBoard = tf.keras.callbacks.TensorBoard(
    log_dir="logs", histogram_freq=0, write_graph=True, write_images=False, embeddings_freq=0, embeddings_metadata=None)
print(type(tensorBoard).__name__, tensorBoard.write_graph)
