# SOURCE: https://github.com/adventuresinML/adventures-in-ml-code/pull/29
# SYMPTOM: raises ValueError
# DESCRIPTION: A REINFORCE update calls train_on_batch on a softmax policy with the discounted returns as the crossentropy targets instead of the taken actions weighted by the returns.
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
    return network.train_on_batch(states, discounted_rewards)  # EXPECT: api-misuse/returns-passed-as-policy-targets


rng = np.random.default_rng(0)
states = [rng.random((1, 4)).astype("float32") for _ in range(12)]
actions = [int(a) for a in rng.integers(0, num_actions, 12)]
rewards = [1.0] * 12
loss = update_network(network, rewards, states, actions)
print("loss", float(np.asarray(loss).ravel()[0]))
