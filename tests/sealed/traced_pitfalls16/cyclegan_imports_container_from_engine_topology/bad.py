# SOURCE: https://github.com/simontomaskarlsson/GAN-MRI/issues/15
# SYMPTOM: raises ModuleNotFoundError
# DESCRIPTION: a CycleGAN script wraps its frozen discriminator with Container imported from keras.engine.topology, a private Keras module that later Keras versions removed
import numpy as np
import tensorflow as tf
from keras.engine.topology import Container  # EXPECT: keras3/private-keras-engine-import

image = tf.keras.Input(shape=(16, 16, 1))
x = tf.keras.layers.Conv2D(4, 3, strides=2, padding="same")(image)
score = tf.keras.layers.Conv2D(1, 3, padding="same")(x)
D_A = tf.keras.Model(image, score, name="D_A")

D_A_static = Container(inputs=image, outputs=score, name="D_A_static_model")
D_A_static.trainable = False
print("patch scores", D_A_static(np.zeros((1, 16, 16, 1), "float32")).shape)
