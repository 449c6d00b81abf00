# SOURCE: https://github.com/tensorflow/tensorflow/issues/37366
# SYMPTOM: raises AttributeError
# DESCRIPTION: a speech-recognition training script converted with tf_upgrade_v2 still configures GPU memory through a TF1 session handed to the Keras backend's set_session, which TF2 Keras no longer has
import numpy as np
import tensorflow as tf
import keras
from keras import backend as K

config = tf.compat.v1.ConfigProto()
config.gpu_options.allow_growth = True
K.set_session(tf.compat.v1.Session(config=config))  # EXPECT: tf1-api/keras-backend-set-session

AUDIO_LENGTH, FEATURES, CLASSES = 40, 13, 6
model = keras.Sequential(
    [
        keras.Input((AUDIO_LENGTH, FEATURES)),
        keras.layers.Conv1D(16, 3, activation="relu"),
        keras.layers.GlobalAveragePooling1D(),
        keras.layers.Dense(CLASSES, activation="softmax"),
    ]
)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
x = np.random.rand(64, AUDIO_LENGTH, FEATURES).astype("float32")
y = np.random.randint(0, CLASSES, 64)
history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("loss", history.history["loss"][-1])
