# class: 13
# DESCRIPTION: (Keras 3 form) tf.keras.wrappers.scikit_learn.KerasClassifier around a build function (removed in TF 2.13)
# SOURCE: https://github.com/keras-team/keras/issues/19747
import numpy as np
import tensorflow as tf


def build_classifier():
    classifier = tf.keras.Sequential()
    classifier.add(tf.keras.Input(shape=(4,)))
    classifier.add(tf.keras.layers.Dense(6, activation="relu"))
    classifier.add(tf.keras.layers.Dense(1, activation="sigmoid"))
    classifier.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return classifier


x = np.random.RandomState(0).rand(20, 4).astype("float32")
y = (x[:, 0] > 0.5).astype("int32")
classifier = build_classifier()
classifier.fit(x, y, batch_size=5, epochs=2, verbose=0)
print((classifier.predict(x, verbose=0) > 0.5).astype("int32").shape)
