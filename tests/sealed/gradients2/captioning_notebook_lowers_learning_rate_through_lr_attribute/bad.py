# SOURCE: https://github.com/hlamba28/Automatic-Image-Captioning/issues/6
# SYMPTOM: number "lr_after" >= 0.0005
# DESCRIPTION: A captioning notebook lowers the learning rate after the first epochs by assigning model.optimizer.lr, which does not change the optimizer's learning-rate variable.
import numpy as np
import keras

model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(4, activation="softmax")])
model.compile(loss="categorical_crossentropy", optimizer=keras.optimizers.Adam(0.001))
x = np.random.rand(32, 8).astype("float32")
y = keras.utils.to_categorical(np.random.randint(0, 4, 32), 4)
model.fit(x, y, epochs=2, verbose=0)

model.optimizer.lr = 0.0001  # EXPECT: keras3/optimizer-lr-attribute-assignment
model.fit(x, y, epochs=2, verbose=0)
print("lr_after", f"{float(model.optimizer.learning_rate):.6f}")
