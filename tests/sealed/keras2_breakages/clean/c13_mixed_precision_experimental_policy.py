# class: 13
# DESCRIPTION: (Keras 3 form) mixed_precision.experimental.Policy and set_policy (removed in TF 2.9)
# SOURCE: https://github.com/slideflow/slideflow/issues/167
import tensorflow as tf

policy = tf.keras.mixed_precision.Policy("mixed_float16")
tf.keras.mixed_precision.set_global_policy(policy)
layer = tf.keras.layers.Dense(2)
print(layer.compute_dtype, layer.dtype)
tf.keras.mixed_precision.set_global_policy("float32")
