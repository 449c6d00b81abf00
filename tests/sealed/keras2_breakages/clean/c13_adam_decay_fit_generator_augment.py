# class: 13
# DESCRIPTION: (Keras 3 form) Adam(lr=lr, decay=lr / epochs) and fit_generator(aug.flow(...)) in an image-classifier training script
# SOURCE: https://github.com/balajisrinivas/Gender-Detection/issues/6
import numpy as np
from tensorflow.keras import Input
from tensorflow.keras.layers import Conv2D, Dense, Flatten
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.preprocessing.image import ImageDataGenerator

epochs, lr, batch_size = 2, 1e-3, 4
rng = np.random.RandomState(0)
trainX = rng.rand(8, 6, 6, 3).astype("float32")
trainY = np.eye(2, dtype="float32")[np.arange(8) % 2]
aug = ImageDataGenerator(horizontal_flip=True)
model = Sequential([Input(shape=(6, 6, 3)), Conv2D(2, 3, activation="relu"), Flatten(), Dense(2, activation="sigmoid")])
opt = Adam(learning_rate=lr)
model.compile(loss="binary_crossentropy", optimizer=opt, metrics=["accuracy"])
H = model.fit(aug.flow(trainX, trainY, batch_size=batch_size), steps_per_epoch=len(trainX) // batch_size, epochs=epochs, verbose=0)
print(sorted(H.history))
