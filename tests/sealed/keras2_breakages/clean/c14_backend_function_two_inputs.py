# class: 14
# DESCRIPTION: (Keras 3 form) K.function over a two-input model (image and entropy vector) to read a hidden Dense output
# SOURCE: https://github.com/keras-team/keras/issues/12181
import numpy as np
import tensorflow as tf
from tensorflow.keras.layers import Concatenate, Dense, Flatten, Input
from tensorflow.keras.models import Model

image_input = Input(shape=(4, 4, 1))
entropy_vector = Input(shape=(1,))
dense = Dense(3, activation="relu", kernel_initializer="ones")(Flatten()(image_input))
concat_layer = Concatenate()([dense, entropy_vector])
output = Dense(1, activation="sigmoid")(concat_layer)
model = Model(inputs=[image_input, entropy_vector], outputs=[output])
get_concat = Model([image_input, entropy_vector], concat_layer)
print(get_concat([np.ones((1, 4, 4, 1), "float32"), np.full((1, 1), 0.5, "float32")]).numpy().tolist())
