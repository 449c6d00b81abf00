"""The fix: give the loss the model's probabilities (softmax of the logits) instead of the argmax classes."""

import keras
import tensorflow as tf

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4)])
optimizer = keras.optimizers.Adam()
loss_fn = keras.losses.get("categorical_crossentropy")

x_batch_train = tf.random.stateless_normal([32, 3], seed=[1, 2])
y_batch_train = tf.one_hot(tf.random.stateless_uniform([32], seed=[3, 4], maxval=4, dtype=tf.int32), 4)

with tf.GradientTape() as tape:
    logits = model(x_batch_train, training=True)
    prediction = tf.nn.softmax(logits, axis=-1)
    loss_value = loss_fn(y_batch_train, prediction)
grads = tape.gradient(loss_value, model.trainable_weights)
optimizer.apply_gradients(zip(grads, model.trainable_weights))
print("[loss]", float(tf.reduce_mean(loss_value)))
