# SOURCE: https://github.com/tensorflow/tensorflow/issues/51376
# SYMPTOM: raises TypeError
# DESCRIPTION: a random HSV augmentation layer draws its per-image noise with a shape built from the static batch dimension inputs.shape[0], which is None when the layer is called on a symbolic Input
import tensorflow as tf
import keras


class RandomHSV(keras.layers.Layer):
    def __init__(self, hsv_max_amp=(0.1, 0.1, 0.1), **kwargs):
        super().__init__(**kwargs)
        self.hsv_max_amp = tf.constant(hsv_max_amp, tf.float32)

    def call(self, inputs, training=True):
        hsv = tf.image.rgb_to_hsv(inputs)
        noise = tf.random.uniform((tf.shape(inputs)[0], 1, 1, 3), -1.0, 1.0) * self.hsv_max_amp
        hsv = tf.clip_by_value(hsv + noise, 0.0, 1.0)
        return tf.image.hsv_to_rgb(hsv)


inputs = keras.Input((8, 8, 3))
outputs = RandomHSV()(inputs)
model = keras.Model(inputs, outputs)
print("augmented", model(tf.fill([2, 8, 8, 3], 0.5)).shape)
