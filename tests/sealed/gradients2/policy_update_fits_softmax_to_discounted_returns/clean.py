import numpy as np
import keras

GAMMA = 0.95
num_actions = 2
network = keras.Sequential([
    keras.Input(shape=(4,)),
    keras.layers.Dense(16, activation="relu"),
    keras.layers.Dense(num_actions, activation="softmax"),
])
network.compile(optimizer=keras.optimizers.Adam(0.01), loss=keras.losses.CategoricalCrossentropy())


def update_network(network, rewards, states, actions):
    reward_sum = 0
    discounted_rewards = []
    for reward in rewards[::-1]:
        reward_sum = reward + GAMMA * reward_sum
        discounted_rewards.append(reward_sum)
    discounted_rewards.reverse()
    discounted_rewards = np.array(discounted_rewards, dtype="float32")
    discounted_rewards = (discounted_rewards - discounted_rewards.mean()) / (discounted_rewards.std() + 1e-8)
    states = np.vstack(states)
    one_hot_actions = np.eye(num_actions, dtype="float32")[actions]
    return network.train_on_batch(states, one_hot_actions, sample_weight=discounted_rewards)


rng = np.random.default_rng(0)
states = [rng.random((1, 4)).astype("float32") for _ in range(12)]
actions = [int(a) for a in rng.integers(0, num_actions, 12)]
rewards = [1.0] * 12
before = [w.copy() for w in network.get_weights()]
loss = update_network(network, rewards, states, actions)
change = max(float(np.abs(a - b).max()) for a, b in zip(before, network.get_weights()))
print("loss", float(np.asarray(loss).ravel()[0]))
print("weights_change", change)
