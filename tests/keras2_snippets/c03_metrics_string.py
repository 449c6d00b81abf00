# class: 3
# compile(metrics="accuracy"): a bare string, not a list.
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile("sgd", "binary_crossentropy", metrics="accuracy")  # EXPECT
model.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
print("trained")
