# class: 14
# DESCRIPTION: K.function([model.layers[0].input], [model.layers[-1].output]) on a model rebuilt from JSON
# SOURCE: https://github.com/jacobgil/keras-cam/issues/2
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

model = tf.keras.Sequential([
    tf.keras.layers.Dense(4, activation="relu", input_shape=(3,), kernel_initializer="ones"),
    tf.keras.layers.Dense(2, kernel_initializer="ones"),
])
model = tf.keras.models.model_from_json(model.to_json())
model.set_weights([np.ones(w.shape, "float32") for w in model.get_weights()])
get_output = K.function([model.layers[0].input], [model.layers[-1].output])  # EXPECT
print(get_output([np.ones((1, 3), "float32")])[0].tolist())
