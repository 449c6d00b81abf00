import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam


class ReinforceAgent:
    def __init__(self, state_size=15, action_size=5):
        self.state_size = state_size
        self.action_size = action_size
        self.discount_factor = 0.99
        self.learning_rate = 0.001
        self.model = self.build_model()
        self.optimizer = Adam(learning_rate=self.learning_rate)
        self.states, self.actions, self.rewards = [], [], []

    def build_model(self):
        model = Sequential()
        model.add(tf.keras.Input(shape=(self.state_size,)))
        model.add(Dense(24, activation="relu"))
        model.add(Dense(24, activation="relu"))
        model.add(Dense(self.action_size, activation="softmax"))
        return model

    @tf.function
    def train_step(self, states, actions, discounted_rewards):
        with tf.GradientTape() as tape:
            policy = self.model(states, training=True)
            action_prob = tf.reduce_sum(actions * policy, axis=1)
            loss = -tf.reduce_sum(tf.math.log(action_prob) * discounted_rewards)
        grads = tape.gradient(loss, self.model.trainable_variables)
        self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss

    def discount_rewards(self, rewards):
        discounted = np.zeros_like(rewards)
        running_add = 0
        for t in reversed(range(len(rewards))):
            running_add = running_add * self.discount_factor + rewards[t]
            discounted[t] = running_add
        return discounted

    def append_sample(self, state, action, reward):
        self.states.append(state[0])
        self.rewards.append(reward)
        act = np.zeros(self.action_size)
        act[action] = 1
        self.actions.append(act)

    def train_model(self):
        discounted = np.float32(self.discount_rewards(self.rewards))
        discounted -= np.mean(discounted)
        discounted /= np.std(discounted) + 1e-8
        self.train_step(
            np.array(self.states, dtype="float32"), np.array(self.actions, dtype="float32"), discounted
        )
        self.states, self.actions, self.rewards = [], [], []


agent = ReinforceAgent()
for step in range(8):
    state = np.random.rand(1, 15).astype("float32")
    agent.append_sample(state, step % 5, float(step % 3 == 0))
agent.train_model()
print("trained")
