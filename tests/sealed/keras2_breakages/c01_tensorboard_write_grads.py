# class: 1
# DESCRIPTION: TensorBoard(log_dir, histogram_freq=1, write_grads=True) to see gradient histograms
# SOURCE: https://github.com/tensorflow/tensorflow/issues/31173
import numpy as np
import tensorflow as tf

tb_callback = tf.keras.callbacks.TensorBoard(log_dir="logs", histogram_freq=1, write_grads=True)  # EXPECT
callbacks = [tb_callback, tf.keras.callbacks.EarlyStopping(patience=2)]
print([type(c).__name__ for c in callbacks], tb_callback.histogram_freq)
