# class: 13
# Sequential.predict_classes (tf.keras to TF 2.5): a threshold at 0.5 for one sigmoid unit.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential()
model.add(tf.keras.layers.Dense(1, activation="sigmoid", input_shape=(2,)))
model.set_weights([np.array([[1.0], [-1.0]], "float32"), np.zeros(1, "float32")])
x = np.array([[2, 1], [1, 2], [0, 3]], "float32")
print(model.predict_classes(x, batch_size=2).tolist())  # EXPECT
