# SOURCE: https://github.com/tensorflow/tensorflow/issues/34983
# SYMPTOM: number "eager" >= 1
# DESCRIPTION: a script trains one model with two optimizers in turn through the same tf.function and silences the resulting variable-creation error by forcing all tf.functions to run eagerly
"""Training first with SGD, then with Adam, through one traced training step."""

import tensorflow as tf

tf.config.run_functions_eagerly(True)  # EXPECT: api-misuse/functions-forced-eager

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])


@tf.function
def train_step(optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss, tf.executing_eagerly()


x, y = tf.random.normal([8, 4]), tf.random.normal([8, 1])
sgd = tf.keras.optimizers.SGD(0.01)
for step in range(2):
    train_step(sgd, x, y)
adam = tf.keras.optimizers.Adam(1e-3)
for step in range(2):
    loss, eager = train_step(adam, x, y)  # EXPECT: variable-creation/fresh-optimizer-per-trace
print("eager", int(eager))
