# class: 13
# DESCRIPTION: mixed_precision.experimental.global_policy() read to choose a dtype (removed in TF 2.9)
# SOURCE: https://github.com/keras-team/autokeras/pull/1675
# keras2: tensorflow-cpu==2.5.3
import tensorflow as tf

policy = tf.keras.mixed_precision.experimental.global_policy()  # EXPECT
dtype = "float32" if policy.name == "float32" else policy.compute_dtype
print(policy.name, dtype)
