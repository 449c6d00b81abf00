"""The fix from the thread: an input signature with a None length, so one graph serves all documents."""

import tensorflow as tf
from tensorflow.keras.layers import Conv1D, Input

inp = Input(shape=(None, 8))
lay = Conv1D(filters=16, kernel_size=5, padding="same", activation="relu")(inp)
out = Conv1D(filters=3, kernel_size=5, padding="same", activation="softmax")(lay)
model = tf.keras.Model(inp, out)
loss_object = tf.keras.losses.SparseCategoricalCrossentropy()
optimizer = tf.keras.optimizers.Adam()


@tf.function(
    input_signature=[
        tf.TensorSpec([1, None, 8], tf.float32),
        tf.TensorSpec([1, None], tf.int32),
    ]
)
def train(x, y):
    with tf.GradientTape() as g:
        pred = model(x)
        loss = loss_object(y, pred)
    gradients = g.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


for length in (100, 160, 230, 310, 420, 515):
    x = tf.random.normal([1, length, 8])
    y = tf.random.uniform([1, length], 0, 3, dtype=tf.int32)
    print("loss", float(train(x, y)))
