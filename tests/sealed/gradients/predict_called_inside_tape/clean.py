import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(12, 12, 3))
features = tf.keras.layers.Conv2D(4, 3, padding="same", name="block1_conv")(inputs)
pooled = tf.keras.layers.GlobalAveragePooling2D()(features)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(10)(pooled))
feature_model = tf.keras.Model(model.inputs, model.get_layer("block1_conv").output)

picture = tf.convert_to_tensor(np.random.uniform(size=(1, 12, 12, 3)).astype("float32"))
with tf.GradientTape() as tape:
    tape.watch(picture)
    activation = feature_model(picture)[0][:, :, 2]
    loss = tf.reduce_mean(activation)
gradients = tape.gradient(loss, picture)
print("none_grads", int(gradients is None))
