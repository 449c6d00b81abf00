# SOURCE: https://xue-jishu.com/tensorflow-zi-ding-yi-xun-lian-bu-zhou-shi-yong-bu-tong-de-sun-shi-han-shu
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom training step turns the logits into class indices with tf.argmax before the loss; argmax has no gradient, so no trainable weight receives a gradient and apply_gradients fails
"""One custom training step of a small classifier with a cross-entropy loss."""

import keras
import tensorflow as tf

model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4)])
optimizer = keras.optimizers.Adam()
loss_fn = keras.losses.get("categorical_crossentropy")

x_batch_train = tf.random.stateless_normal([32, 3], seed=[1, 2])
y_batch_train = tf.one_hot(tf.random.stateless_uniform([32], seed=[3, 4], maxval=4, dtype=tf.int32), 4)

with tf.GradientTape() as tape:
    logits = model(x_batch_train, training=True)
    prediction = tf.one_hot(tf.argmax(logits, axis=-1), 4)  # EXPECT: api-misuse/non-differentiable-op
    loss_value = loss_fn(y_batch_train, prediction)
grads = tape.gradient(loss_value, model.trainable_weights)
optimizer.apply_gradients(zip(grads, model.trainable_weights))
print("[loss]", float(tf.reduce_mean(loss_value)))
