"""The fix: give compile a loss function that calls tf.nn.ctc_loss on the y_true/y_pred
tensors of each training step, rather than the result of calling it on symbolic inputs."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv2D, Input, Lambda
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam

batch, frames, num_labels = 4, 16, 8

inputs = Input(shape=[frames, num_labels, 1], batch_size=batch)
x = Conv2D(1, kernel_size=(5, 5), padding="same")(inputs)
logits = Lambda(lambda z: tf.squeeze(z, [-1]))(x)
model = Model(inputs, logits)


def ctc_loss(y_true, y_pred):
    n = tf.shape(y_pred)[0]
    return tf.nn.ctc_loss(
        labels=tf.cast(y_true, tf.int32),
        logits=y_pred,
        label_length=tf.ones([n], tf.int32),
        logit_length=tf.fill([n], tf.shape(y_pred)[1]),
        logits_time_major=False,
        blank_index=-1,
    )


model.compile(optimizer=Adam(learning_rate=0.001), loss=ctc_loss)

x_train = np.random.rand(batch, frames, num_labels, 1).astype("float32")
y_train = np.random.randint(0, num_labels - 1, size=(batch, frames)).astype("int32")
history = model.fit(x_train, y_train, epochs=1, batch_size=batch, verbose=0)
print("[loss]", history.history["loss"][-1])
