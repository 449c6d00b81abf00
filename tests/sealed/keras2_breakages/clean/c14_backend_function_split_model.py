# class: 14
# DESCRIPTION: (Keras 3 form) K.function from an intermediate layer's input to the output, to run half a model
# SOURCE: https://github.com/tensorflow/tensorflow/issues/44838
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(4,))
base = tf.keras.layers.Dense(3, name="base", kernel_initializer="ones")(inputs)
out = tf.keras.layers.Dense(2, name="dense_out", kernel_initializer="ones")(base)
model = tf.keras.Model(inputs, out)
base_model = tf.keras.Model(inputs=model.input, outputs=model.get_layer("base").output)
features = base_model.predict(np.ones((1, 4), "float32"), verbose=0)
second_half = model.get_layer("dense_out")
print(second_half(features).numpy().tolist())
