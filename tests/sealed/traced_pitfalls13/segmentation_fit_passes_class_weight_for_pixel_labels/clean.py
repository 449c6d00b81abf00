import numpy as np
import keras
from keras import layers

n_classes = 4
rng = np.random.default_rng(0)
images = rng.random((16, 32, 32, 1)).astype("float32")
masks = rng.choice(n_classes, size=(16, 32, 32), p=[0.85, 0.05, 0.05, 0.05])

# "balanced" weights, as sklearn's compute_class_weight gives them
counts = np.bincount(masks.ravel(), minlength=n_classes)
classweights = masks.size / (n_classes * counts)
class_weights = {i: float(classweights[i]) for i in range(n_classes)}

inputs = keras.Input((32, 32, 1))
x = layers.Conv2D(16, 3, padding="same", activation="relu")(inputs)
x = layers.Conv2D(16, 3, padding="same", activation="relu")(x)
outputs = layers.Conv2D(n_classes, 1, activation="softmax")(x)
model = keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
# class weights for per-pixel labels: a weight map of the labels' shape, given as sample_weight
pixel_weights = classweights[masks].astype("float32")
history = model.fit(images, masks, batch_size=8, epochs=2, sample_weight=pixel_weights, verbose=0)
print("loss", history.history["loss"][-1])
