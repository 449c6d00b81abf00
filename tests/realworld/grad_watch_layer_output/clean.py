"""The fix: take the gradient with respect to the convolution's output the model returns
(recorded, as it is computed inside the block)."""

import tensorflow as tf

inputs = tf.keras.Input((8, 8, 3))
features = tf.keras.layers.Conv2D(4, 3, name="last_conv")(inputs)
outputs = tf.keras.layers.Dense(2)(tf.keras.layers.GlobalAveragePooling2D()(features))
grad_model = tf.keras.Model(inputs, [features, outputs])

image = tf.random.normal((1, 8, 8, 3))
with tf.GradientTape() as tape:
    conv_outputs, predictions = grad_model(image)
    loss = predictions[:, 0]
grads = tape.gradient(loss, conv_outputs)
print("grads", grads.shape)
