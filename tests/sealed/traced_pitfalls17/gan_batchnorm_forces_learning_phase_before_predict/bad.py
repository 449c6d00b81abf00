# SOURCE: https://github.com/experiencor/keras-yolo2/issues/303
# SYMPTOM: raises AttributeError
# DESCRIPTION: a GAN-style model wants BatchNormalization to use batch statistics at prediction time and sets the global learning phase through the Keras backend, an API removed in Keras 3
import numpy as np
import keras
from keras import backend as K

np.random.seed(1)
model = keras.Sequential([keras.Input((2,)), keras.layers.BatchNormalization()])
model.compile(loss="mse", optimizer="adam")
X = np.random.normal(size=(5, 2)).astype("float32")
Y = np.random.normal(size=(5, 2)).astype("float32")
model.fit(X, Y, verbose=0, epochs=2)

K.set_learning_phase(1)  # EXPECT: keras3/backend-learning-phase-removed
print("batch-stat prediction", model.predict(X, verbose=0)[0])
