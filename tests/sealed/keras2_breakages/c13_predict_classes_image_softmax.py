# class: 13
# DESCRIPTION: predict_classes on a list holding one image for a softmax CNN (removed in TF 2.6)
# SOURCE: https://github.com/keras-team/keras/issues/15993
# keras2: tensorflow-cpu==2.5.3
import numpy as np
from tensorflow.keras.layers import Conv2D, Dense, Flatten
from tensorflow.keras.models import Sequential

model = Sequential()
model.add(Conv2D(4, (3, 3), activation="relu", input_shape=(8, 8, 3)))
model.add(Flatten())
model.add(Dense(5, activation="softmax"))
image = np.random.RandomState(0).rand(8, 8, 3).astype("float32")
image = np.expand_dims(image, axis=0)
pred = model.predict_classes([image])[0]  # EXPECT
print(0 <= int(pred) < 5)
