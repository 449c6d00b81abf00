import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def flat_loss(y_true, y_pred):
    batch = K.shape(y_pred)[0]
    flat_true = K.reshape(y_true, (batch, -1))
    flat_pred = K.reshape(y_pred, (batch, -1))
    return K.mean(K.square(flat_true - flat_pred), axis=1)


model = keras.Sequential([keras.Input((4, 4, 1)), keras.layers.Conv2D(1, 3, padding="same")])
model.compile(optimizer="adam", loss=flat_loss)
model.fit(np.ones((10, 4, 4, 1)), np.ones((10, 4, 4, 1)), batch_size=4, epochs=1, verbose=0)
