import numpy as np
import tensorflow as tf
import keras


class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.conv1 = keras.layers.Conv2D(4, 3, activation="relu")
        self.flatten = keras.layers.Flatten()
        self.d1 = keras.layers.Dense(16, activation="relu")
        self.d2 = keras.layers.Dense(10, activation="softmax")

    def call(self, x):
        x = self.conv1(x)
        x = self.flatten(x)
        x = self.d1(x)
        return self.d2(x)


model = MyModel()
loss_object = keras.losses.SparseCategoricalCrossentropy()


def train_step(image, label):
    with tf.GradientTape() as tape:
        tape.watch(image)
        predictions = model(image)
        loss = loss_object(label, predictions)
    gradients = tape.gradient(loss, image)
    return gradients


image = tf.constant(np.random.rand(1, 12, 12, 1), tf.float32)
label = tf.constant([3])
gradients = train_step(image, label)
print("none_grads", int(gradients is None))
if gradients is not None:
    image = image - 0.1 * gradients
