# class: 5
# output_shape of the layers of an application model (a factory result).
import tensorflow as tf

base = tf.keras.applications.MobileNetV2(weights=None, input_shape=(32, 32, 3), include_top=False)
print(base.layers[-1].output_shape)  # EXPECT
