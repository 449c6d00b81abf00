# SOURCE: https://github.com/google/qhbm-library/issues/246
# SYMPTOM: traces >= 6
# DESCRIPTION: a tf.function is defined inside a training function that the script calls once per epoch, so every call traces a new graph
"""A training script whose per-epoch function defines its traced inner step."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.SGD(0.1)
x = tf.random.normal([16, 4])
y = tf.random.normal([16, 1])


def train_step(model, optimizer, x, y):
    @tf.function
    def train_inner_step():  # EXPECT: retracing/tf-function-defined-per-call
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return train_inner_step()


for epoch in range(6):
    print("loss", float(train_step(model, optimizer, x, y)))
