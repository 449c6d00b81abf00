# class: 13
# DESCRIPTION: (Keras 3 form) tf.keras.wrappers.scikit_learn.KerasRegressor reached through the tf.keras namespace (removed in TF 2.13)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/34689
import numpy as np
import tensorflow as tf


def baseline_model():
    model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(4, activation="relu"), tf.keras.layers.Dense(1)])
    model.compile(loss="mean_squared_error", optimizer="adam")
    return model


x = np.random.RandomState(1).rand(12, 3).astype("float32")
y = x.sum(axis=1)
estimator = baseline_model()
estimator.fit(x, y, epochs=2, batch_size=4, verbose=0)
print(estimator.predict(x, verbose=0).ravel().shape)
