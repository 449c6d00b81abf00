# SOURCE: https://www.tensorflow.org/guide/function
# SYMPTOM: distinct "delta" < 3
"""An optimizer's learning rate is a callable returning a global the loop lowers each epoch."""

import tensorflow as tf

LEARNING_RATE = 0.1


def learning_rate():
    return LEARNING_RATE  # EXPECT: TF601


optimizer = tf.keras.optimizers.SGD(learning_rate=learning_rate)
weight = tf.Variable(1.0)


@tf.function
def train_step():
    with tf.GradientTape() as tape:
        loss = weight * 1.0
    optimizer.apply_gradients([(tape.gradient(loss, weight), weight)])


for epoch in range(3):
    before = float(weight.numpy())
    train_step()
    print("delta", round(before - float(weight.numpy()), 6))
    LEARNING_RATE = LEARNING_RATE / 2
