# class: 13
# DESCRIPTION: Adam(lr=INIT_LR, decay=INIT_LR / EPOCHS) from a face-mask training script
# SOURCE: https://github.com/balajisrinivas/Face-Mask-Detection/issues/29
# keras2: tensorflow-cpu==2.10.1
import numpy as np
from tensorflow.keras.layers import Dense
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam

INIT_LR = 1e-3
EPOCHS = 2
model = Sequential([Dense(2, activation="softmax", input_shape=(4,))])
opt = Adam(lr=INIT_LR, decay=INIT_LR / EPOCHS)  # EXPECT
model.compile(loss="binary_crossentropy", optimizer=opt, metrics=["accuracy"])
x = np.random.RandomState(0).rand(8, 4).astype("float32")
y = np.eye(2, dtype="float32")[np.arange(8) % 2]
history = model.fit(x, y, batch_size=4, epochs=EPOCHS, verbose=0)
print(len(history.history["loss"]))
