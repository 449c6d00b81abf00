# class: 13
# DESCRIPTION: from tensorflow.keras.mixed_precision import experimental as mixed_precision (removed in TF 2.9)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/40573
# keras2: tensorflow-cpu==2.3.4
import tensorflow as tf
from tensorflow.keras.mixed_precision import experimental as mixed_precision  # EXPECT

policy = mixed_precision.Policy("mixed_float16")
mixed_precision.set_policy(policy)
print(policy.compute_dtype, policy.variable_dtype)
mixed_precision.set_policy("float32")
