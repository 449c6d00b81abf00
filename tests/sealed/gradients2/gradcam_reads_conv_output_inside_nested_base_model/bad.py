# SOURCE: https://github.com/keisen/tf-keras-vis/issues/71
# SYMPTOM: raises ValueError
# DESCRIPTION: A Grad-CAM script builds its gradient model from a transfer-learning model's input and a conv layer inside the base model nested as one layer, so the graph is disconnected.
import numpy as np
import tensorflow as tf
import keras

base_in = keras.Input((32, 32, 3))
base_conv = keras.layers.Conv2D(8, 3, activation="relu", name="top_conv")(base_in)
base_model = keras.Model(base_in, keras.layers.GlobalAveragePooling2D()(base_conv), name="efficientnetb0")
inputs = keras.Input((32, 32, 3))
x = base_model(inputs)
x = keras.layers.Dropout(0.2)(x)
x = keras.layers.Dense(16, activation="relu")(x)
outputs = keras.layers.Dense(3, activation="softmax")(x)
model = keras.Model(inputs, outputs)

conv_output = model.get_layer("efficientnetb0").get_layer("top_conv").output
grad_model = keras.Model(model.inputs, [conv_output, model.output])  # EXPECT: api-misuse/nested-model-output-with-outer-input
images = tf.constant(np.random.rand(1, 32, 32, 3), tf.float32)
with tf.GradientTape() as tape:
    conv, preds = grad_model(images)
    score = preds[:, 0]
grads = tape.gradient(score, conv)
print("cam_grad_none", int(grads is None))
