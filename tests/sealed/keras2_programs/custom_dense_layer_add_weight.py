# DESCRIPTION: A custom Dense layer written with add_weight('kernel', shape=...) and used in a regression model
# SOURCE: https://github.com/GoogleCloudPlatform/asl-ml-immersion/pull/450
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



class MyDense(tf.keras.layers.Layer):
    def __init__(self, units, **kwargs):
        super(MyDense, self).__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.kernel = self.add_weight("kernel", shape=(int(input_shape[-1]), self.units), initializer="zeros", trainable=True)
        self.bias = self.add_weight("bias", shape=(self.units,), initializer="zeros", trainable=True)
        super(MyDense, self).build(input_shape)

    def call(self, inputs):
        return tf.matmul(inputs, self.kernel) + self.bias


rng = np.random.RandomState(13)
x = rng.rand(32, 4).astype("float32")
y = x @ np.array([[0.5], [-1.0], [2.0], [0.0]], "float32") + 0.3
inputs = tf.keras.Input(shape=(4,))
outputs = MyDense(1)(MyDense(5)(inputs))
model = tf.keras.Model(inputs, outputs)
set_seeded_weights(model, 14)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
history = model.fit(x, y, epochs=3, batch_size=8, shuffle=False, verbose=0)
print("losses", [round(v, 4) for v in history.history["loss"]])
print("weights", [w.shape for w in model.get_weights()])
