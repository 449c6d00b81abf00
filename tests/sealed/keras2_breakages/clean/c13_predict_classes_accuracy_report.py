# class: 13
# DESCRIPTION: (Keras 3 form) Y_pred = model.predict_classes(X_test) compared with the labels for an accuracy report
# SOURCE: https://github.com/keras-team/keras/issues/17156
import numpy as np
import tensorflow as tf

X_test = np.eye(3, dtype="float32")
Y_test = np.array([0, 1, 2])
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(3, activation="softmax")])
model.set_weights([np.eye(3, dtype="float32") * 5, np.zeros(3, "float32")])
Y_pred = np.argmax(model.predict(X_test, verbose=0), axis=1)
print("accuracy", float((Y_pred == Y_test).mean()))
