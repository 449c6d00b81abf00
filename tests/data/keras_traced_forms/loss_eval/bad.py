# SOURCE: tf2lint issue 28 (graph-incompatible forms)
# SYMPTOM: raises AttributeError
import numpy as np
import tensorflow as tf
from tensorflow import keras
from tensorflow.keras import backend as K


def masked_loss(y_true, y_pred):
    target = K.eval(y_true)  # EXPECT: TF804
    mask = (target > 0.5).astype("float32")
    return K.mean(K.square(y_pred - y_true) * mask)


model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(4)])
model.compile(optimizer="adam", loss=masked_loss)
model.fit(np.ones((16, 4)), np.ones((16, 4)), epochs=1, verbose=0)
