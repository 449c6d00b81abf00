# SOURCE: https://github.com/tensorflow/tensorflow/issues/58614
# SYMPTOM: raises ValueError
"""A loss made of counts of rounded predictions: `tf.round` and `count_nonzero` pass no
gradient, so apply_gradients gets none."""

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Dense(1, activation="sigmoid")])
optimizer = tf.keras.optimizers.Adam()


def custom_loss(output, prediction):
    correct = tf.math.count_nonzero(tf.math.equal(tf.round(prediction), output))  # EXPECT: TF914
    return 1.0 - tf.cast(correct, tf.float32) / 100.0


features = tf.random.normal((100, 5))
labels = tf.cast(tf.random.uniform((100, 1)) > 0.5, tf.float32)
with tf.GradientTape() as tape:
    prediction = model(features)
    loss = custom_loss(labels, prediction)
grads = tape.gradient(loss, model.trainable_weights)
optimizer.apply_gradients(zip(grads, model.trainable_weights))
