# class: 5
# fit_generator on a model returned by the user's build function.
import numpy as np
import tensorflow as tf

def build_model():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    return model

def batches():
    while True:
        yield np.ones((2, 3)), np.ones((2, 1))

model = build_model()
model.fit_generator(batches(), steps_per_epoch=2, verbose=0)  # EXPECT
print("trained")
