# SOURCE: https://github.com/keras-team/keras/issues/18676
# SYMPTOM: raises ValueError
# DESCRIPTION: a FocalNet-style video block ported from tf.keras to Keras 3 calls its modulation layer with the feature map's height and width as extra positional arguments; Keras 3 accepts only tensors positionally in Layer.__call__, so plain ints must be passed by keyword
import numpy as np
import keras
from keras import layers, ops


class FocalModulation(layers.Layer):
    def __init__(self, dim, **kwargs):
        super().__init__(**kwargs)
        self.dim = dim
        self.proj = layers.Dense(dim)
        self.gate = layers.Dense(dim, activation="sigmoid")

    def call(self, tokens, height, width):
        grid = ops.reshape(tokens, (-1, height, width, self.dim))
        context = ops.mean(grid, axis=(1, 2), keepdims=True)
        modulated = self.proj(grid) * self.gate(context)
        return ops.reshape(modulated, (-1, height * width, self.dim))


def build_block(height=7, width=7, dim=32):
    frames = keras.Input((height, width, dim))
    shape = ops.shape(frames)
    h, w = shape[1], shape[2]
    tokens = layers.Reshape((height * width, dim))(frames)
    mixed = FocalModulation(dim)(tokens, h, w)  # EXPECT: keras3/non-tensor-positional-layer-argument
    pooled = layers.GlobalAveragePooling1D()(mixed)
    logits = layers.Dense(5)(pooled)
    return keras.Model(frames, logits)


model = build_block()
clips = np.random.default_rng(0).random((4, 7, 7, 32)).astype("float32")
print("logits", model.predict(clips, verbose=0).shape)
