# SOURCE: https://github.com/keras-team/keras/issues/7680
# SYMPTOM: raises AttributeError
# DESCRIPTION: a saved functional model is reloaded with load_model and extended for retraining by calling model.add, a Sequential-only method that functional Model objects do not have
import os
import tempfile
import numpy as np
import keras

inputs = keras.Input((10,))
outputs = keras.layers.Dense(8, activation="relu")(inputs)
path = os.path.join(tempfile.mkdtemp(), "base.keras")
keras.Model(inputs, outputs).save(path)

base = keras.models.load_model(path)
new_outputs = keras.layers.Dense(2, activation="softmax")(base.output)
model = keras.Model(base.input, new_outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
model.fit(np.ones((8, 10), "float32"), np.zeros(8), verbose=0)
print("outputs", model.output_shape)
