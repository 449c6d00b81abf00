# SOURCE: https://intellipaat.com/community/17161/keras-model-evaluate-vs-model-predict-accuracy-difference-in-multi-class-nlp-task
# SYMPTOM: raises AttributeError
# DESCRIPTION: a 19-class text classifier with one-hot labels is trained with sigmoid outputs and binary_crossentropy, and its classes are read with Sequential.predict_classes, which Keras removed
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
    tf.keras.layers.Dense(nb_classes, activation="sigmoid"),
])
model1.compile(loss="binary_crossentropy", optimizer="adam", metrics=["accuracy"])  # EXPECT: api-misuse/binary-crossentropy-single-label-multiclass
model1.fit(train_data, ytrain_enc, epochs=1, batch_size=16, verbose=0)

PREDICTED_CLASSES = model1.predict_classes(train_data, batch_size=16, verbose=0)  # EXPECT: keras3/predict-classes-removed
print("accuracy", np.mean(train_labels == PREDICTED_CLASSES))
