import numpy as np
import tensorflow as tf
import keras

base_in = keras.Input((32, 32, 3))
base_conv = keras.layers.Conv2D(8, 3, activation="relu", name="top_conv")(base_in)
base_model = keras.Model(base_in, keras.layers.GlobalAveragePooling2D()(base_conv), name="efficientnetb0")
x = base_model.output
x = keras.layers.Dropout(0.2)(x)
x = keras.layers.Dense(16, activation="relu")(x)
outputs = keras.layers.Dense(3, activation="softmax")(x)
model = keras.Model(base_model.input, outputs)

conv_output = model.get_layer("top_conv").output
grad_model = keras.Model(model.inputs, [conv_output, model.output])
images = tf.constant(np.random.rand(1, 32, 32, 3), tf.float32)
with tf.GradientTape() as tape:
    conv, preds = grad_model(images)
    score = preds[:, 0]
grads = tape.gradient(score, conv)
print("cam_grad_none", int(grads is None))
