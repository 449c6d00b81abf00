# SOURCE: https://github.com/tensorflow/tensorflow/issues/73631
# SYMPTOM: raises ValueError
# DESCRIPTION: a custom layer declares its trainable weight with an integer dtype; integer weights get no gradient, even with a custom one
import numpy as np
import tensorflow as tf
import keras


class ScaleLayer(keras.layers.Layer):
    def build(self, input_shape):
        self.var = self.add_variable((1,), initializer="zeros", dtype=tf.int32)  # EXPECT: api-misuse/integer-gradient-source

    @staticmethod
    @tf.custom_gradient
    def op(inputs, var):
        def grad(upstream):
            return (
                upstream * tf.cast(var, tf.float32),
                tf.reduce_sum(upstream * tf.cast(inputs, tf.float32), axis=0),
            )

        return tf.cast(inputs, tf.float32) * tf.cast(var, tf.float32), grad

    def call(self, inputs):
        return ScaleLayer.op(inputs, self.var)


input_layer = keras.Input((1,), name="input_layer", dtype=tf.int32)
output = ScaleLayer()(input_layer)
model = keras.Model(inputs=[input_layer], outputs=[output])
model.compile(optimizer=keras.optimizers.Adam(learning_rate=0.1), loss="mse")
values = np.arange(20).reshape(-1, 1)
model.fit(values, values * 3.0, epochs=1, verbose=0)
print("trained")
