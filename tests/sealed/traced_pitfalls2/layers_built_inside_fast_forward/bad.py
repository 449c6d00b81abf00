# SOURCE: https://github.com/tensorflow/tensorflow/issues/36504
# SYMPTOM: raises ValueError
# DESCRIPTION: a function decorated for speed constructs Keras layers in its body, so each trace creates new layers with new weights, which a traced function refuses after its first trace
"""Speeding up a small image classifier by decorating its forward pass."""

import numpy as np
import tensorflow as tf


@tf.function
def forward(images):
    x = tf.keras.layers.Flatten()(images)  # EXPECT: variable-creation/layer-built-in-traced-code
    return tf.keras.layers.Dense(10)(x)  # EXPECT: variable-creation/layer-built-in-traced-code


a = np.ones([1, 32, 32, 3], dtype=np.float32)
print("logits", forward(a).shape)
b = np.ones([2, 32, 32, 3], dtype=np.float32)
print("logits", forward(b).shape)
