# class: 13
# DESCRIPTION: (Keras 3 form) SGD(lr=0.01, decay=1e-6, momentum=0.9, nesterov=True) in an intents chatbot trainer
# SOURCE: https://github.com/NeuralNine/neuralintents/pull/31
import numpy as np
from tensorflow.keras import Input
from tensorflow.keras.layers import Dense, Dropout
from tensorflow.keras.models import Sequential
from tensorflow.keras.optimizers import SGD

train_x = np.eye(4, dtype="float32")
train_y = np.eye(4, dtype="float32")[[1, 0, 3, 2]]
model = Sequential()
model.add(Input(shape=(len(train_x[0]),)))
model.add(Dense(8, activation="relu"))
model.add(Dropout(0.5))
model.add(Dense(len(train_y[0]), activation="softmax"))
sgd = SGD(learning_rate=0.01, momentum=0.9, nesterov=True)
model.compile(loss="categorical_crossentropy", optimizer=sgd, metrics=["accuracy"])
hist = model.fit(np.array(train_x), np.array(train_y), epochs=2, batch_size=2, verbose=0)
print(len(hist.history["loss"]))
