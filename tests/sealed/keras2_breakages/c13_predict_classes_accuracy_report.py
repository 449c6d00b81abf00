# class: 13
# DESCRIPTION: Y_pred = model.predict_classes(X_test) compared with the labels for an accuracy report
# SOURCE: https://github.com/keras-team/keras/issues/17156
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf

X_test = np.eye(3, dtype="float32")
Y_test = np.array([0, 1, 2])
model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="softmax", input_shape=(3,))])
model.set_weights([np.eye(3, dtype="float32") * 5, np.zeros(3, "float32")])
Y_pred = model.predict_classes(X_test)  # EXPECT
print("accuracy", float((Y_pred == Y_test).mean()))
