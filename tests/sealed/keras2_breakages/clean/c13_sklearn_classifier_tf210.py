# class: 13
# DESCRIPTION: (Keras 3 form) KerasClassifier from tensorflow.keras.wrappers.scikit_learn in a screening model (removed in TF 2.13)
# SOURCE: https://github.com/asreview/asreview/issues/1494
import numpy as np
import tensorflow as tf


def _create_dense_nn_model(input_dim=3):
    model = tf.keras.Sequential([tf.keras.Input(shape=(input_dim,)), tf.keras.layers.Dense(2, activation="softmax")])
    model.compile(loss="sparse_categorical_crossentropy", optimizer="rmsprop")
    return model


model = _create_dense_nn_model()
X = np.random.RandomState(3).rand(8, 3)
model.fit(X, np.arange(8) % 2, verbose=0, epochs=1, batch_size=4)
print(model.predict(X, verbose=0).shape)
