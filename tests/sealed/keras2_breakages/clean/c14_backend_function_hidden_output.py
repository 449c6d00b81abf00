# class: 14
# DESCRIPTION: (Keras 3 form) K.function([model.layers[0].input], [model.layers[-1].output]) on a model rebuilt from JSON
# SOURCE: https://github.com/jacobgil/keras-cam/issues/2
import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Dense(4, activation="relu", kernel_initializer="ones"),
    tf.keras.layers.Dense(2, kernel_initializer="ones"),
])
model = tf.keras.models.model_from_json(model.to_json())
model.set_weights([np.ones(w.shape, "float32") for w in model.get_weights()])
get_output = tf.keras.Model(model.inputs, model.layers[-1].output)
print(get_output(np.ones((1, 3), "float32")).numpy().tolist())
