# SOURCE: https://github.com/orobix/retina-unet/issues/25
# SYMPTOM: raises ValueError
# DESCRIPTION: a retina-vessel U-Net is built for odd-sized patches, so two poolings and one upsampling give a map one pixel smaller than the skip connection it is concatenated with
import numpy as np
import keras
from keras import layers


def get_unet(patch_height, patch_width):
    inputs = keras.Input(shape=(patch_height, patch_width, 1))
    conv1 = layers.Conv2D(8, 3, activation="relu", padding="same")(inputs)
    pool1 = layers.MaxPooling2D((2, 2))(conv1)
    conv2 = layers.Conv2D(16, 3, activation="relu", padding="same")(pool1)
    pool2 = layers.MaxPooling2D((2, 2))(conv2)
    conv3 = layers.Conv2D(32, 3, activation="relu", padding="same")(pool2)
    up1 = layers.concatenate([layers.UpSampling2D(size=(2, 2))(conv3), conv2], axis=-1)  # EXPECT: api-misuse/unet-skip-size-not-divisible-by-pooling
    conv4 = layers.Conv2D(16, 3, activation="relu", padding="same")(up1)
    up2 = layers.concatenate([layers.UpSampling2D(size=(2, 2))(conv4), conv1], axis=-1)
    conv5 = layers.Conv2D(8, 3, activation="relu", padding="same")(up2)
    outputs = layers.Conv2D(2, 1, activation="softmax")(conv5)
    return keras.Model(inputs, outputs)


patch = 170
model = get_unet(patch, patch)
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
rng = np.random.default_rng(25)
x = rng.random((2, patch, patch, 1)).astype("float32")
y = (x > 0.5).astype("int32")[..., 0]
model.fit(x, y, epochs=1, verbose=0)
print("trained on patches", x.shape)
