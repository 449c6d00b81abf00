# SOURCE: https://github.com/rlcode/reinforcement-learning-kr/issues/36
# SYMPTOM: raises AttributeError
# DESCRIPTION: a REINFORCE agent builds its training op the Keras 2 graph way (backend placeholders, optimizer.get_updates, K.function with updates), which TF2's Keras no longer has
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K
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
        self.optimizer = self.optimizer()
        self.states, self.actions, self.rewards = [], [], []

    def build_model(self):
        model = Sequential()
        model.add(tf.keras.Input(shape=(self.state_size,)))
        model.add(Dense(24, activation="relu"))
        model.add(Dense(24, activation="relu"))
        model.add(Dense(self.action_size, activation="softmax"))
        return model

    def optimizer(self):
        action = K.placeholder(shape=[None, 5])  # EXPECT: keras3/keras2-symbolic-backend|tf1-api/placeholder
        discounted_rewards = K.placeholder(shape=[None])  # EXPECT: keras3/keras2-symbolic-backend|tf1-api/placeholder
        action_prob = K.sum(action * self.model.output, axis=1)
        cross_entropy = K.log(action_prob) * discounted_rewards
        loss = -K.sum(cross_entropy)
        optimizer = Adam(learning_rate=self.learning_rate)
        updates = optimizer.get_updates(self.model.trainable_weights, [], loss)  # EXPECT: keras3/optimizer-get-updates|tf1-api/get-updates
        train = K.function([self.model.input, action, discounted_rewards], [], updates=updates)  # EXPECT: keras3/backend-function|tf1-api/backend-function
        return train

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
        self.optimizer([np.array(self.states), np.array(self.actions), discounted])
        self.states, self.actions, self.rewards = [], [], []


agent = ReinforceAgent()
for step in range(8):
    state = np.random.rand(1, 15).astype("float32")
    agent.append_sample(state, step % 5, float(step % 3 == 0))
agent.train_model()
print("trained")
