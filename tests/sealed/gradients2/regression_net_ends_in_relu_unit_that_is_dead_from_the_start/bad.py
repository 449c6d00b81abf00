# SOURCE: https://community.deeplearning.ai/t/loss-values-do-not-change/324182
# SYMPTOM: number "weights_change" < 0.000001
# DESCRIPTION: A regression network puts a ReLU on its single output unit; when that unit starts dead for every input, no gradient flows and the loss never moves.
import numpy as np
import keras

keras.utils.set_random_seed(1)

x = np.reshape(np.array([[-1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0]]), (7, 1))
y = np.reshape(np.array([[-3.0, -1.0, 1.0, 3.0, 5.0, 7.0, 9.0]]), (7, 1))

input_1 = keras.Input(shape=(1,))
dense_1 = keras.layers.Dense(4, activation="relu")(input_1)
dense_2 = keras.layers.Dense(2, activation="relu")(dense_1)
dense_3 = keras.layers.Dense(1, activation="relu")(dense_2)  # EXPECT: api-misuse/relu-activation-on-regression-output
model_2 = keras.Model(inputs=input_1, outputs=dense_3)

model_2.compile(loss=keras.losses.MeanSquaredError(), optimizer=keras.optimizers.Adam(0.001))
before = [w.copy() for w in model_2.get_weights()]
model_2.fit(x, y, epochs=20, verbose=0)
after = model_2.get_weights()
change = sum(float(np.abs(a - b).sum()) for a, b in zip(after, before))
print("weights_change", f"{change:.8f}")
