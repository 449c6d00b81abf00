# SOURCE: https://isolution.pro/q/so69914111/tensorflow-2-wa-kobai-o-keisanshimasen
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: a feature-map visualisation asks the tape for the gradient with respect to an unwatched input, through predict()
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(12, 12, 3))
features = tf.keras.layers.Conv2D(4, 3, padding="same", name="block1_conv")(inputs)
pooled = tf.keras.layers.GlobalAveragePooling2D()(features)
model = tf.keras.Model(inputs, tf.keras.layers.Dense(10)(pooled))
feature_model = tf.keras.Model(model.inputs, model.get_layer("block1_conv").output)

picture = tf.convert_to_tensor(np.random.uniform(size=(1, 12, 12, 3)).astype("float32"))
with tf.GradientTape() as tape:
    activation = feature_model.predict(picture, verbose=0)[0][:, :, 2]  # EXPECT: api-misuse/numpy-cuts-gradient
    loss = tf.reduce_mean(activation)
gradients = tape.gradient(loss, picture)  # EXPECT: api-misuse/unwatched-gradient-source
print("none_grads", int(gradients is None))
