# SOURCE: https://github.com/tensorflow/tensorflow/issues/53541
# SYMPTOM: raises ValueError
"""A meta-learning step scales a learner's weights by a watched factor and copies them in with
`set_weights` inside the tape: `set_weights` assigns NumPy values, so the loss does not depend
on the factor and its gradient is None."""

import tensorflow as tf

learner = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(2)])
batch = tf.random.normal((8, 4))
labels = tf.one_hot([0, 1, 0, 1, 0, 1, 0, 1], 2)
l = tf.constant(0.1)
with tf.GradientTape() as gt:
    gt.watch(l)
    new_weights = [w * l for w in learner.weights]
    learner.set_weights(new_weights)  # EXPECT: TF914
    y_pred = learner(batch)
    loss = tf.keras.losses.categorical_crossentropy(labels, y_pred, from_logits=True)
grads = gt.gradient(loss, l)
print("gradient norm", float(tf.norm(grads)))
