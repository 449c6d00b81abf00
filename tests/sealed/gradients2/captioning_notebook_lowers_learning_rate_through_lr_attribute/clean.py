import numpy as np
import keras

model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(4, activation="softmax")])
model.compile(loss="categorical_crossentropy", optimizer=keras.optimizers.Adam(0.001))
x = np.random.rand(32, 8).astype("float32")
y = keras.utils.to_categorical(np.random.randint(0, 4, 32), 4)
model.fit(x, y, epochs=2, verbose=0)

model.optimizer.learning_rate.assign(0.0001)
model.fit(x, y, epochs=2, verbose=0)
print("lr_after", f"{float(model.optimizer.learning_rate):.6f}")
