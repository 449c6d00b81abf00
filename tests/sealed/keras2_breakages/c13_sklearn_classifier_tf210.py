# class: 13
# DESCRIPTION: KerasClassifier from tensorflow.keras.wrappers.scikit_learn in a screening model (removed in TF 2.13)
# SOURCE: https://github.com/asreview/asreview/issues/1494
# keras2: tensorflow-cpu==2.10.1
import numpy as np
import tensorflow as tf
from tensorflow.keras.wrappers.scikit_learn import KerasClassifier  # EXPECT


def _create_dense_nn_model(input_dim=3):
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, activation="softmax", input_dim=input_dim)])
    model.compile(loss="sparse_categorical_crossentropy", optimizer="rmsprop")
    return model


model = KerasClassifier(_create_dense_nn_model, verbose=0, epochs=1, batch_size=4)
X = np.random.RandomState(3).rand(8, 3)
model.fit(X, np.arange(8) % 2)
print(model.predict_proba(X).shape)
