# SOURCE: https://github.com/officialarijit/DW-FedAvg/issues/6
# SYMPTOM: number "client learning rate after local training" >= 0.095
# DESCRIPTION: a federated-averaging notebook gives each client an SGD optimizer with the old decay argument; the new Keras optimizers no longer support decay (Keras 3 drops it with only a warning), so the clients train at a constant learning rate instead of a decaying one (a LearningRateSchedule replaces it)
import numpy as np
import keras
from keras import layers

rng = np.random.default_rng(11)
n_clients, local_epochs = 3, 2
client_data = []
for _ in range(n_clients):
    x = rng.normal(size=(160, 8)).astype("float32")
    y = (x @ np.linspace(-1.0, 1.0, 8) > 0).astype("float32")
    client_data.append((x, y))


def build_model():
    return keras.Sequential(
        [keras.Input((8,)), layers.Dense(16, activation="relu"), layers.Dense(1, activation="sigmoid")]
    )


global_model = build_model()
for communication_round in range(2):
    client_weights = []
    for x, y in client_data:
        local = build_model()
        local.set_weights(global_model.get_weights())
        optimizer = keras.optimizers.SGD(learning_rate=0.1, decay=0.01)  # EXPECT: keras3/optimizer-decay-argument-ignored
        local.compile(optimizer=optimizer, loss="binary_crossentropy")
        local.fit(x, y, epochs=local_epochs, batch_size=16, verbose=0)
        client_weights.append(local.get_weights())
    global_model.set_weights([np.mean(ws, axis=0) for ws in zip(*client_weights)])

lr = optimizer.learning_rate
print("client steps", int(optimizer.iterations))
print("client learning rate after local training", float(lr(optimizer.iterations) if callable(lr) else lr))
