"""The fix: let the batch dimension be inferred (-1) instead of reading it from the static shape."""

import numpy as np
import tensorflow as tf


def custom_loss(x, x_hat):
    shape = x_hat.get_shape().as_list()
    image_size = int(np.prod(shape[1:]))
    x = tf.reshape(x, [-1, image_size])
    x_hat = tf.reshape(x_hat, [-1, image_size])
    background = tf.reduce_mean(tf.abs(x_hat - tf.reduce_mean(x_hat, axis=0)), axis=-1)
    return tf.reduce_mean(tf.square(x - x_hat), axis=-1) + background


inputs = tf.keras.Input((8, 8, 1))
outputs = tf.keras.layers.Conv2D(1, 3, padding="same", activation="sigmoid")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss=custom_loss)
x = np.random.rand(10, 8, 8, 1).astype("float32")
history = model.fit(x, x, batch_size=4, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
