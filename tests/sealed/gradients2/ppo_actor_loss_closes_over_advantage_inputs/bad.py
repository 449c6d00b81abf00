# SOURCE: https://github.com/ChintanTrivedi/rl-bot-football/issues/2
# SYMPTOM: raises ValueError
# DESCRIPTION: A PPO actor is compiled with a loss closure over extra Keras Input tensors (old policy probabilities, advantages), which are symbolic and cannot enter the loss computed at fit time.
import numpy as np
import tensorflow as tf
import keras

n_actions = 3
clipping_val = 0.2
entropy_beta = 0.001


def ppo_loss(oldpolicy_probs, advantages):
    def loss(y_true, y_pred):
        newpolicy_probs = tf.reduce_sum(y_true * y_pred, axis=-1, keepdims=True)
        old = tf.reduce_sum(y_true * oldpolicy_probs, axis=-1, keepdims=True)  # EXPECT: keras3/symbolic-input-used-in-loss
        ratio = tf.exp(tf.math.log(newpolicy_probs + 1e-10) - tf.math.log(old + 1e-10))
        p1 = ratio * advantages  # EXPECT: keras3/symbolic-input-used-in-loss
        p2 = tf.clip_by_value(ratio, 1 - clipping_val, 1 + clipping_val) * advantages
        actor_loss = -tf.reduce_mean(tf.minimum(p1, p2))
        entropy = -tf.reduce_mean(y_pred * tf.math.log(y_pred + 1e-10))
        return actor_loss - entropy_beta * entropy
    return loss


state_input = keras.Input(shape=(8,))
oldpolicy_probs = keras.Input(shape=(n_actions,))
advantages = keras.Input(shape=(1,))
x = keras.layers.Dense(32, activation="relu")(state_input)
out_actions = keras.layers.Dense(n_actions, activation="softmax")(x)
model = keras.Model([state_input, oldpolicy_probs, advantages], out_actions)
model.compile(optimizer=keras.optimizers.Adam(1e-3), loss=ppo_loss(oldpolicy_probs, advantages))

rng = np.random.default_rng(0)
states = rng.random((32, 8)).astype("float32")
old_probs = np.full((32, n_actions), 1.0 / n_actions, dtype="float32")
adv = rng.normal(size=(32, 1)).astype("float32")
actions = np.eye(n_actions, dtype="float32")[rng.integers(0, n_actions, 32)]
model.fit([states, old_probs, adv], actions, epochs=1, verbose=0)
print("trained")
