# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: raises ValueError
"""One model is trained with two optimizers in turn through the same tf.function."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])


@tf.function
def train_step(optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


warmup = tf.keras.optimizers.SGD(0.01)
finetune = tf.keras.optimizers.Adam(0.001)
x, y = tf.ones((4, 2)), tf.ones((4, 1))
for _ in range(2):
    train_step(warmup, x, y)
for _ in range(2):
    train_step(finetune, x, y)  # EXPECT: TF499
