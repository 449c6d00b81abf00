# SOURCE: https://github.com/bonlime/keras-deeplab-v3-plus/issues/4
# SYMPTOM: number "dropped fraction" >= 0.5
# DESCRIPTION: a Keras port of DeepLab copies slim.dropout(keep_prob=0.9) as Dropout(0.9), but Keras Dropout takes the drop rate, so nine in ten activations are zeroed during training
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(8, 8, 32))
concat_logits = tf.keras.layers.Conv2D(32, 1, kernel_initializer="ones", use_bias=False)(inputs)
dropped = tf.keras.layers.Dropout(0.9)(concat_logits)  # EXPECT: api-misuse/dropout-rate-as-keep-prob
model = tf.keras.Model(inputs, dropped)

features = np.ones((4, 8, 8, 32), "float32")
out = model(features, training=True).numpy()
print("dropped fraction", float(np.mean(out == 0.0)))
