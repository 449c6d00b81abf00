# class: 13
# DESCRIPTION: mixed_precision.experimental.Policy and set_policy (removed in TF 2.9)
# SOURCE: https://github.com/slideflow/slideflow/issues/167
# keras2: tensorflow-cpu==2.5.3
import tensorflow as tf

policy = tf.keras.mixed_precision.experimental.Policy("mixed_float16")  # EXPECT
tf.keras.mixed_precision.experimental.set_policy(policy)  # EXPECT
layer = tf.keras.layers.Dense(2)
print(layer.compute_dtype, layer.dtype)
tf.keras.mixed_precision.experimental.set_policy("float32")  # EXPECT
