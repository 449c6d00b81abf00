import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(8, 8, 32))
concat_logits = tf.keras.layers.Conv2D(32, 1, kernel_initializer="ones", use_bias=False)(inputs)
dropped = tf.keras.layers.Dropout(0.1)(concat_logits)
model = tf.keras.Model(inputs, dropped)

features = np.ones((4, 8, 8, 32), "float32")
out = model(features, training=True).numpy()
print("dropped fraction", float(np.mean(out == 0.0)))
