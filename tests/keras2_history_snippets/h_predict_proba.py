# class: 13
# Sequential.predict_proba (tf.keras to TF 2.5) returned predict's probabilities.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(2, activation="softmax", input_shape=(2,))])
model.set_weights([np.array([[1.0, 0.0], [0.0, 1.0]], "float32"), np.zeros(2, "float32")])
print(np.round(model.predict_proba(np.array([[1, 0]], "float32")), 4).tolist())  # EXPECT
