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

x = np.random.rand(32, 8).astype("float32")
y = np.random.rand(32, 1).astype("float32")
rmodel(x[:1])
before = [v.numpy().copy() for v in rmodel.trainable_variables]
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(rmodel(x, training=True) - y))
    grads = tape.gradient(loss, rmodel.trainable_variables)
    optimizer.apply_gradients(zip(grads, rmodel.trainable_variables))
change = max(float(np.abs(b - v.numpy()).max()) for b, v in zip(before, rmodel.trainable_variables))
print("loss", float(loss))
print("weights_change", change)
