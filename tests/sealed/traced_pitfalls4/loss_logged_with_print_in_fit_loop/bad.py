# SOURCE: https://github.com/YosefLab/epitome/issues/51
# SYMPTOM: lines "step" < 5
# DESCRIPTION: a peak-calling model's decorated training loop reports its losses with Python print every few steps, so the message comes out once while tracing, showing symbolic tensor names instead of values, and never again
"""A variational model trained with a decorated loop that logs every few steps."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(0.01)


@tf.function
def train_step(x, y, step):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if step % 2 == 0:
        print("step", step, loss)  # EXPECT: side-effect/print-in-traced-code
    return loss


for i in range(10):
    train_step(tf.random.uniform((8, 4)), tf.random.uniform((8, 1)), tf.constant(i))
