# class: 13
# DESCRIPTION: (Keras 3 form) from tensorflow.keras.mixed_precision import experimental as mixed_precision (removed in TF 2.9)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/40573
import tensorflow as tf
from tensorflow.keras import mixed_precision

policy = mixed_precision.Policy("mixed_float16")
mixed_precision.set_global_policy(policy)
print(policy.compute_dtype, policy.variable_dtype)
mixed_precision.set_global_policy("float32")
