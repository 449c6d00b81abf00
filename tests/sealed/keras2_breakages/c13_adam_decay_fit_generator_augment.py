# class: 13
# DESCRIPTION: Adam(lr=lr, decay=lr / epochs) and fit_generator(aug.flow(...)) in an image-classifier training script
# SOURCE: https://github.com/balajisrinivas/Gender-Detection/issues/6
# keras2: tensorflow-cpu==2.10.1
import numpy as np
from tensorflow.keras.layers import Conv2D, Dense, Flatten
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import Adam
from tensorflow.keras.preprocessing.image import ImageDataGenerator

epochs, lr, batch_size = 2, 1e-3, 4
rng = np.random.RandomState(0)
trainX = rng.rand(8, 6, 6, 3).astype("float32")
trainY = np.eye(2, dtype="float32")[np.arange(8) % 2]
aug = ImageDataGenerator(horizontal_flip=True)
model = Sequential([Conv2D(2, 3, activation="relu", input_shape=(6, 6, 3)), Flatten(), Dense(2, activation="sigmoid")])
opt = Adam(lr=lr, decay=lr / epochs)  # EXPECT
model.compile(loss="binary_crossentropy", optimizer=opt, metrics=["accuracy"])
H = model.fit_generator(aug.flow(trainX, trainY, batch_size=batch_size), steps_per_epoch=len(trainX) // batch_size, epochs=epochs, verbose=0)  # EXPECT
print(sorted(H.history))
