# SOURCE: https://github.com/ayulockin/interpretabilitycnn/pull/1
# SYMPTOM: raises ValueError
"""Grad-CAM that watches a layer's symbolic output: a KerasTensor, not the tensor the model
computes on the image."""

import tensorflow as tf

inputs = tf.keras.Input((8, 8, 3))
features = tf.keras.layers.Conv2D(4, 3, name="last_conv")(inputs)
outputs = tf.keras.layers.Dense(2)(tf.keras.layers.GlobalAveragePooling2D()(features))
grad_model = tf.keras.Model(inputs, [features, outputs])

image = tf.random.normal((1, 8, 8, 3))
with tf.GradientTape() as tape:
    tape.watch(grad_model.get_layer("last_conv").output)  # EXPECT: TF913
    conv_outputs, predictions = grad_model(image)
    loss = predictions[:, 0]
grads = tape.gradient(loss, conv_outputs)
print("grads", grads.shape)
