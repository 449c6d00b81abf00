# class: 1
# TensorBoard(write_grads=True): Keras 2 warned and ignored it; Keras 3 takes no **kwargs.
import tensorflow as tf

board = tf.keras.callbacks.TensorBoard(log_dir="logs", write_grads=True)  # EXPECT
print(board.log_dir)
