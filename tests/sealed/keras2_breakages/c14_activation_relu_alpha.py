# class: 14
# DESCRIPTION: tf.keras.activations.relu(x, alpha=..., max_value=...) as a leaky, capped activation (Keras 3: negative_slope)
# SOURCE: https://github.com/keras-team/keras/issues/9156
import tensorflow as tf


def leaky_relu6(x):
    return tf.keras.activations.relu(x, alpha=0.1, max_value=6.0)  # EXPECT


layer = tf.keras.layers.Dense(2, activation=leaky_relu6, kernel_initializer="ones")
print(layer(tf.constant([[-2.0], [8.0]])).numpy().tolist())
