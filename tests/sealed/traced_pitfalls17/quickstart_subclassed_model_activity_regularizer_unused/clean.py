# SOURCE: https://github.com/tensorflow/tensorflow/issues/33219
# SYMPTOM: number "regularization effect" < 0.000001
# DESCRIPTION: the advanced-quickstart subclassed model gets huge activity_regularizer settings, but its custom train_step computes only the prediction loss, so the regularization in model.losses has no effect on training
import numpy as np
import tensorflow as tf
import keras


class MyModel(keras.Model):
    def __init__(self, strength):
        super().__init__()
        reg = keras.regularizers.l2(strength) if strength else None
        self.flatten = keras.layers.Flatten()
        self.d1 = keras.layers.Dense(16, activation="relu", activity_regularizer=reg)
        self.d2 = keras.layers.Dense(10, activation="softmax", activity_regularizer=reg)

    def call(self, x):
        return self.d2(self.d1(self.flatten(x)))


loss_object = keras.losses.SparseCategoricalCrossentropy()
images = tf.constant(np.random.default_rng(0).random((8, 6, 6, 1)).astype("float32"))
labels = tf.constant(np.arange(8) % 10)


def train_loss(strength):
    keras.utils.set_random_seed(0)
    model = MyModel(strength)
    optimizer = keras.optimizers.Adam()

    @tf.function
    def train_step(images, labels):
        with tf.GradientTape() as tape:
            predictions = model(images, training=True)
            loss = loss_object(labels, predictions) + tf.add_n(model.losses or [tf.constant(0.0)])
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        return loss

    return float(train_step(images, labels))


print("regularization effect", abs(train_loss(100000.0) - train_loss(0.0)))
