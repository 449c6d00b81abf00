# SOURCE: https://github.com/tensorflow/tensorflow/issues/35063
# SYMPTOM: raises ValueError
# DESCRIPTION: following the tf.nn.ctc_loss parameter list, the author calls tf.nn.ctc_loss on the model's symbolic logits and a symbolic labels Input and passes the result to compile as the loss; compile needs a loss function of (y_true, y_pred), and calling a TensorFlow op on symbolic Keras tensors fails while the model is being set up
"""Frame-wise CTC model over spectrogram-like inputs."""

import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Conv2D, Input, Lambda
from tensorflow.keras.models import Model
from tensorflow.keras.optimizers import Adam

batch, frames, num_labels = 4, 16, 8

# INPUTS
inputs = Input(shape=[frames, num_labels, 1], batch_size=batch)  # [frames, num_labels, channels]
labels = Input(shape=[frames], batch_size=batch, dtype=tf.int32)
label_length = tf.constant(np.ones((batch,)), dtype=tf.int32)
logit_length = tf.constant(np.full((batch,), frames), dtype=tf.int32)
# MODEL
x = Conv2D(1, kernel_size=(5, 5), padding="same")(inputs)
logits = Lambda(lambda z: tf.squeeze(z, [-1]))(x)
model = Model(inputs, logits)
model.compile(
    optimizer=Adam(learning_rate=0.001),
    loss=tf.nn.ctc_loss(  # EXPECT: api-misuse/loss-tensor-passed-as-loss-function|keras3/tf-op-applied-to-keras-input
        labels=labels, logits=logits, label_length=label_length, logit_length=logit_length, logits_time_major=False, blank_index=-1
    ),
)

x_train = np.random.rand(batch, frames, num_labels, 1).astype("float32")
y_train = np.random.randint(0, num_labels - 1, size=(batch, frames)).astype("int32")
history = model.fit(x_train, y_train, epochs=1, batch_size=batch, verbose=0)
print("[loss]", history.history["loss"][-1])
