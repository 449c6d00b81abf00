# class: 4
# MultiHeadAttention called with the mask as the fourth positional argument.
import numpy as np
import tensorflow as tf

mha = tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=2, kernel_initializer="ones")
q = tf.constant(np.arange(12, dtype="float32").reshape(1, 3, 4))
mask = tf.constant([[[True, False, False], [True, True, False], [True, True, True]]])
out = mha(q, q, q, mask)  # EXPECT
print(np.round(out.numpy(), 3).tolist())
