# SOURCE: https://github.com/tensorflow/tensorflow/issues/39358
# SYMPTOM: raises ValueError
# DESCRIPTION: A training loop takes the trainable_variables of a subclassed model before the model was ever called, so the list is empty and no weight can be updated.
import numpy as np
import tensorflow as tf
import keras


class Predict(keras.layers.Layer):
    def __init__(self, trainable=True):
        super().__init__()
        self.dense_layer = keras.layers.Dense(16, activation="relu", trainable=trainable)
        self.predict = keras.layers.Dense(1, trainable=trainable)

    def call(self, x):
        return self.predict(self.dense_layer(x))


class Regulation(keras.Model):
    def __init__(self, trainable=True):
        super().__init__()
        self.dropout = keras.layers.Dropout(0.1)
        self.predict_layer = Predict(trainable=trainable)

    def call(self, x, training=False):
        return self.predict_layer(self.dropout(x, training=training))


rmodel = Regulation(trainable=True)
optimizer = keras.optimizers.Adam(0.01)
variables = rmodel.trainable_variables  # EXPECT: api-misuse/trainable-variables-read-before-build

x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(rmodel(x, training=True) - y))
    grads = tape.gradient(loss, variables)
    optimizer.apply_gradients(zip(grads, variables))
print("loss", float(loss))
