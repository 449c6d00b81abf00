import numpy as np
import tensorflow as tf

nb_classes = 19
rng = np.random.default_rng(19)
train_data = rng.integers(1, 50, size=(64, 10))
train_labels = rng.integers(0, nb_classes, size=64)
ytrain_enc = tf.keras.utils.to_categorical(train_labels, nb_classes)

model1 = tf.keras.Sequential([
    tf.keras.Input(shape=(10,)),
    tf.keras.layers.Embedding(50, 8),
    tf.keras.layers.LSTM(8),
    tf.keras.layers.Dense(nb_classes, activation="softmax"),
])
model1.compile(loss="categorical_crossentropy", optimizer="adam", metrics=["accuracy"])
model1.fit(train_data, ytrain_enc, epochs=1, batch_size=16, verbose=0)

PREDICTED_CLASSES = np.argmax(model1.predict(train_data, batch_size=16, verbose=0), axis=-1)
print("accuracy", np.mean(train_labels == PREDICTED_CLASSES))
