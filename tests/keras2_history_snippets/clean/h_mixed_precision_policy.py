# class: 13
import tensorflow as tf

policy = tf.keras.mixed_precision.Policy("float32")
print(policy.name)
