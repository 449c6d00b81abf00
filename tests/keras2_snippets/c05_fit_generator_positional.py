# class: 5
# fit_generator(gen, steps_per_epoch, epochs) by position, and evaluate_generator/
# predict_generator, whose verbose default was 0 (evaluate's is "auto").
import numpy as np
import tensorflow as tf


def batches():
    rng = np.random.default_rng(0)
    while True:
        x = rng.normal(size=(4, 3)).astype("float32")
        yield x, x.sum(axis=1, keepdims=True)


model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
model.layers[0].set_weights([np.full((3, 1), 0.5, "float32"), np.zeros(1, "float32")])
model.compile(tf.keras.optimizers.SGD(0.05), "mse")
model.fit_generator(batches(), 3, 2, verbose=0, workers=1)  # EXPECT
print(round(float(model.evaluate_generator(batches(), 2)), 4))  # EXPECT
print(model.predict_generator(batches(), steps=1).shape)  # EXPECT
