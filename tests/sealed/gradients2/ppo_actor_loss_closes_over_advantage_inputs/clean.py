import numpy as np
import tensorflow as tf
import keras

n_actions = 3
clipping_val = 0.2
entropy_beta = 0.001


def ppo_loss(actions, y_pred, oldpolicy_probs, advantages):
    newpolicy_probs = tf.reduce_sum(actions * y_pred, axis=-1, keepdims=True)
    old = tf.reduce_sum(actions * oldpolicy_probs, axis=-1, keepdims=True)
    ratio = tf.exp(tf.math.log(newpolicy_probs + 1e-10) - tf.math.log(old + 1e-10))
    p1 = ratio * advantages
    p2 = tf.clip_by_value(ratio, 1 - clipping_val, 1 + clipping_val) * advantages
    actor_loss = -tf.reduce_mean(tf.minimum(p1, p2))
    entropy = -tf.reduce_mean(y_pred * tf.math.log(y_pred + 1e-10))
    return actor_loss - entropy_beta * entropy


state_input = keras.Input(shape=(8,))
x = keras.layers.Dense(32, activation="relu")(state_input)
out_actions = keras.layers.Dense(n_actions, activation="softmax")(x)
actor = keras.Model(state_input, out_actions)
optimizer = keras.optimizers.Adam(1e-3)

rng = np.random.default_rng(0)
states = rng.random((32, 8)).astype("float32")
old_probs = np.full((32, n_actions), 1.0 / n_actions, dtype="float32")
adv = rng.normal(size=(32, 1)).astype("float32")
actions = np.eye(n_actions, dtype="float32")[rng.integers(0, n_actions, 32)]
before = [v.numpy().copy() for v in actor.trainable_variables]
with tf.GradientTape() as tape:
    loss = ppo_loss(actions, actor(states, training=True), old_probs, adv)
grads = tape.gradient(loss, actor.trainable_variables)
optimizer.apply_gradients(zip(grads, actor.trainable_variables))
change = max(float(np.abs(b - v.numpy()).max()) for b, v in zip(before, actor.trainable_variables))
print("weights_change", change)
