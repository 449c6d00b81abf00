# class: 13
# tf.keras.utils.multi_gpu_model (to TF 2.3): tf.distribute.MirroredStrategy replaces it.
import tensorflow as tf

replicate = tf.keras.utils.multi_gpu_model  # EXPECT
print(callable(replicate))
