# SOURCE: https://github.com/srihari-humbarwadi/DeepLabV3_Plus-Tensorflow2.0/issues/1
# SYMPTOM: raises ValueError
# DESCRIPTION: a DeepLab builder taps its backbone with get_layer('activation_3'), an auto-generated name whose number depends on how many layers the process created before, so rebuilding after other models breaks the lookup
import numpy as np
import tensorflow as tf


def backbone(h, w):
    inputs = tf.keras.Input(shape=(h, w, 3))
    x = inputs
    for filters in (8, 16, 32):
        x = tf.keras.layers.Conv2D(filters, 3, padding="same")(x)
        x = tf.keras.layers.Activation("relu")(x)
    return tf.keras.Model(inputs, x)


def DeepLabV3Plus(h, w, nclasses):
    base_model = backbone(h, w)
    image_features = base_model.get_layer("activation_1").output  # EXPECT: api-misuse/auto-generated-layer-name
    x = tf.keras.layers.Conv2D(nclasses, 1)(image_features)
    return tf.keras.Model(base_model.input, x)


warmup = tf.keras.Sequential([tf.keras.Input(shape=(4,)), tf.keras.layers.Activation("relu"), tf.keras.layers.Activation("tanh")])
model = DeepLabV3Plus(32, 32, 5)
print("logits", model(np.zeros((1, 32, 32, 3), "float32")).shape)
