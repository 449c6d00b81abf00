"""The fix: pass the step as an int64 tensor, so one trace serves every step."""

import tensorflow as tf
import keras

model = keras.Sequential([keras.Input((7,)), keras.layers.Embedding(20, 8), keras.layers.Dense(20)])
optimizer = keras.optimizers.Adam()
loss_object = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
warmup_steps = 10


@tf.function
def train_step(x, step, grad_clip=True, clip_value=1.0):
    inputs = x[:, :-1]
    targets = x[:, 1:]
    with tf.GradientTape() as tape:
        predictions = model(inputs, training=True)
        loss = loss_object(targets, predictions)
    gradients = tape.gradient(loss, model.trainable_variables)
    warmup = tf.minimum(1.0, tf.cast(step + 1, tf.float32) / warmup_steps)
    gradients = [grad * warmup for grad in gradients]
    if grad_clip:
        gradients = [tf.clip_by_value(grad, -clip_value, clip_value) for grad in gradients]
    optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    return loss


data = tf.random.uniform((8, 8), maxval=20, dtype=tf.int64)
for step in range(6):
    loss = train_step(data, tf.constant(step, dtype=tf.int64))
    print("[loss]", float(loss))
