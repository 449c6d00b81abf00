import numpy as np
import tensorflow as tf

nn_model = tf.keras.Sequential([
    tf.keras.layers.Dense(64, activation="relu", input_shape=(3,)),
    tf.keras.layers.Dense(64, activation="relu"),
    tf.keras.layers.Dense(1),
])
nn_model.compile(optimizer="adam", loss="mse")
x = np.random.default_rng(46).normal(size=(32, 3)).astype("float32")
nn_model.fit(x, x.sum(axis=1), epochs=1, verbose=0)
print("prediction", nn_model.predict(x[:2], verbose=0).shape)
