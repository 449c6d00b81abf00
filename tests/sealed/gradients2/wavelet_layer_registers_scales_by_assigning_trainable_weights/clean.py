import numpy as np
import keras


class WaveletDeconvolution(keras.layers.Layer):
    def __init__(self, nb_widths, **kwargs):
        self.nb_widths = nb_widths
        super().__init__(**kwargs)

    def build(self, input_shape):
        self.W = self.add_weight(
            shape=(self.nb_widths,),
            initializer=keras.initializers.Constant(np.linspace(1.0, 4.0, self.nb_widths)),
            name="scales",
            trainable=True,
        )
        super().build(input_shape)

    def call(self, x):
        return x[..., None] * self.W


model = keras.Sequential([keras.Input((10,)), WaveletDeconvolution(3), keras.layers.Flatten(), keras.layers.Dense(1)])
model.compile("sgd", "mse")
before = model.layers[0].get_weights()
model.fit(np.random.rand(32, 10), np.random.rand(32, 1), epochs=2, verbose=0)
print("scales_change", float(np.abs(model.layers[0].get_weights()[0] - before[0]).sum()))
