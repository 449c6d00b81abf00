# SOURCE: https://github.com/keras-team/keras/issues/3487
# SYMPTOM: raises TypeError
# DESCRIPTION: a model built with a hand-written activation function is saved as JSON and rebuilt with model_from_json without passing that function in custom_objects
import numpy as np
import tensorflow as tf


def my_tanh(x):
    return 1.7159 * tf.math.tanh(2.0 * x / 3.0)


model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(8, activation=my_tanh),
    tf.keras.layers.Dense(1),
])
config_json = model.to_json()

restored = tf.keras.models.model_from_json(config_json)  # EXPECT: api-misuse/deserialize-without-custom-objects
print("output", restored(np.ones((2, 4), "float32")).shape)
