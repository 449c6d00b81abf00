# class: 13
# DESCRIPTION: tf.keras.wrappers.scikit_learn.KerasClassifier around a build function (removed in TF 2.13)
# SOURCE: https://github.com/keras-team/keras/issues/19747
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf
from tensorflow.keras.wrappers.scikit_learn import KerasClassifier  # EXPECT


def build_classifier():
    classifier = tf.keras.Sequential()
    classifier.add(tf.keras.layers.Dense(6, activation="relu", input_dim=4))
    classifier.add(tf.keras.layers.Dense(1, activation="sigmoid"))
    classifier.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return classifier


x = np.random.RandomState(0).rand(20, 4).astype("float32")
y = (x[:, 0] > 0.5).astype("int32")
classifier = KerasClassifier(build_fn=build_classifier, batch_size=5, epochs=2, verbose=0)
classifier.fit(x, y)
print(classifier.predict(x).shape)
