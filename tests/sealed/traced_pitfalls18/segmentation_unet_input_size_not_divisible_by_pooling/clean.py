import numpy as np
import tensorflow as tf


def unet(n_levels, size, initial_features=8, n_blocks=1, kernel_size=3, pooling_size=2, in_channels=1, out_channels=1):
    inputs = tf.keras.layers.Input(shape=(size, size, in_channels))
    x = inputs
    convpars = dict(kernel_size=kernel_size, activation="relu", padding="same")
    skips = {}
    for level in range(n_levels):
        for _ in range(n_blocks):
            x = tf.keras.layers.Conv2D(initial_features * 2 ** level, **convpars)(x)
        if level < n_levels - 1:
            skips[level] = x
            x = tf.keras.layers.MaxPool2D(pooling_size)(x)
    for level in reversed(range(n_levels - 1)):
        x = tf.keras.layers.Conv2DTranspose(initial_features * 2 ** level, strides=pooling_size, **convpars)(x)
        x = tf.keras.layers.Concatenate()([x, skips[level]])
        for _ in range(n_blocks):
            x = tf.keras.layers.Conv2D(initial_features * 2 ** level, **convpars)(x)
    activation = "sigmoid" if out_channels == 1 else "softmax"
    x = tf.keras.layers.Conv2D(out_channels, kernel_size=1, activation=activation)(x)
    return tf.keras.Model(inputs=[inputs], outputs=[x], name=f"UNET-L{n_levels}-F{initial_features}")


size = 352  # a multiple of 2 ** (n_levels - 1), as the 256-pixel input was
model = unet(4, size)
model.compile(optimizer="adam", loss="binary_crossentropy")
rng = np.random.default_rng(19964)
x = rng.random((1, size, size, 1)).astype("float32")
model.fit(x, (x > 0.5).astype("float32"), epochs=1, verbose=0)
print("segmented", model.predict(x, verbose=0).shape)
