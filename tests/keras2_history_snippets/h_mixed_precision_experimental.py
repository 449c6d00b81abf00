# class: 13
# tf.keras.mixed_precision.experimental (to TF 2.5): Policy moved to mixed_precision.Policy.
import tensorflow as tf

policy = tf.keras.mixed_precision.experimental.Policy("float32")  # EXPECT
print(policy.name)
