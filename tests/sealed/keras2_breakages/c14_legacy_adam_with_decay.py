# class: 14
# DESCRIPTION: tf.keras.optimizers.legacy.Adam(learning_rate=..., decay=...), the fix TF 2.11 suggested for decay
# SOURCE: https://github.com/AIWintermuteAI/aXeleRate/pull/66
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="zeros")])
optimizer = tf.keras.optimizers.legacy.Adam(learning_rate=0.1, decay=0.5)  # EXPECT
model.compile(optimizer=optimizer, loss="mse")
model.fit(np.ones((4, 2), "float32"), np.ones((4, 1), "float32"), batch_size=2, epochs=1, verbose=0)
print(np.round(model.get_weights()[0].ravel(), 4).tolist())
