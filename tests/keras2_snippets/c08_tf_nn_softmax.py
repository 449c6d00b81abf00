# class: 8
# tf.nn.softmax on logits from a Dense layer.
import tensorflow as tf

inputs = tf.keras.Input((3,))
probs = tf.nn.softmax(tf.keras.layers.Dense(4)(inputs))  # EXPECT
print(tf.keras.Model(inputs, probs).output_shape)
