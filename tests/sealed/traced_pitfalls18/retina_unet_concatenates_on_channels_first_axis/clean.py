import numpy as np
from keras.layers import Concatenate, Conv2D, Dropout, Input, MaxPooling2D, UpSampling2D
from keras.models import Model

patch_height, patch_width, n_ch = 48, 48, 1
inputs = Input((patch_height, patch_width, n_ch))
conv1 = Conv2D(8, (3, 3), activation="relu", padding="same")(inputs)
pool1 = MaxPooling2D(pool_size=(2, 2))(conv1)
conv2 = Conv2D(16, (3, 3), activation="relu", padding="same")(pool1)
conv2 = Dropout(0.2)(conv2)
pool2 = MaxPooling2D(pool_size=(2, 2))(conv2)
conv3 = Conv2D(32, (3, 3), activation="relu", padding="same")(pool2)
upsam1 = UpSampling2D(size=(2, 2))(conv3)
up1 = Concatenate(axis=-1)([upsam1, conv2])
conv4 = Conv2D(16, (3, 3), activation="relu", padding="same")(up1)
upsam2 = UpSampling2D(size=(2, 2))(conv4)
up2 = Concatenate(axis=-1)([upsam2, conv1])
conv5 = Conv2D(8, (3, 3), activation="relu", padding="same")(up2)
outputs = Conv2D(2, (1, 1), activation="softmax")(conv5)
model = Model(inputs=inputs, outputs=outputs)
model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
x = np.random.default_rng(7377).random((2, patch_height, patch_width, n_ch)).astype("float32")
model.fit(x, (x[..., 0] > 0.5).astype("int32"), epochs=1, verbose=0)
print("segmentation", model.predict(x, verbose=0).shape)
