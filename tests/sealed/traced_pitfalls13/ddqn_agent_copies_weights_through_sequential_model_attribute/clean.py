import numpy as np
import keras
from keras import layers


def build_dqn(lr, n_actions, input_dims, fc1_dims, fc2_dims):
    model = keras.Sequential(
        [
            keras.Input((input_dims,)),
            layers.Dense(fc1_dims, activation="relu"),
            layers.Dense(fc2_dims, activation="relu"),
            layers.Dense(n_actions),
        ]
    )
    model.compile(optimizer=keras.optimizers.Adam(learning_rate=lr), loss="mse")
    return model


class DDQNAgent:
    def __init__(self, alpha, gamma, n_actions, epsilon, batch_size, input_dims, replace_target=4):
        self.n_actions = n_actions
        self.gamma = gamma
        self.epsilon = epsilon
        self.batch_size = batch_size
        self.replace_target = replace_target
        self.learn_step = 0
        self.memory = {"s": [], "a": [], "r": [], "s_": [], "done": []}
        self.q_eval = build_dqn(alpha, n_actions, input_dims, 32, 32)
        self.q_target = build_dqn(alpha, n_actions, input_dims, 32, 32)

    def remember(self, state, action, reward, new_state, done):
        for key, value in zip(self.memory, (state, action, reward, new_state, done)):
            self.memory[key].append(value)

    def choose_action(self, state):
        if np.random.random() < self.epsilon:
            return np.random.randint(self.n_actions)
        return int(np.argmax(self.q_eval.predict(state[np.newaxis, :], verbose=0)))

    def learn(self):
        if len(self.memory["s"]) < self.batch_size:
            return
        idx = np.random.choice(len(self.memory["s"]), self.batch_size, replace=False)
        s, a, r, s_, done = (np.array(self.memory[k])[idx] for k in self.memory)
        q_next = self.q_target.predict(s_, verbose=0)
        q_eval = self.q_eval.predict(s_, verbose=0)
        q_pred = self.q_eval.predict(s, verbose=0)
        max_actions = np.argmax(q_eval, axis=1)
        q_target = q_pred.copy()
        rows = np.arange(self.batch_size)
        q_target[rows, a] = r + self.gamma * q_next[rows, max_actions] * (1 - done)
        self.q_eval.fit(s, q_target, verbose=0)
        self.learn_step += 1
        if self.learn_step % self.replace_target == 0:
            self.update_network_parameters()

    def update_network_parameters(self):
        self.q_target.set_weights(self.q_eval.get_weights())


rng = np.random.default_rng(0)
agent = DDQNAgent(alpha=1e-3, gamma=0.99, n_actions=3, epsilon=0.5, batch_size=16, input_dims=4)
state = rng.normal(size=4).astype("float32")
for step in range(40):
    action = agent.choose_action(state)
    new_state = rng.normal(size=4).astype("float32")
    reward = float(action == 1)
    agent.remember(state, action, reward, new_state, 0.0)
    agent.learn()
    state = new_state
print("learn steps", agent.learn_step)
