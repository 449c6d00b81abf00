import numpy as np
import tensorflow as tf
import keras
from keras.losses import sparse_categorical_crossentropy

num_samples = 64
num_classes = 5
x_dummy = np.random.rand(num_samples, 8).astype(np.float32)
y_dummy = np.random.randint(-1, num_classes, size=num_samples)
dataset = tf.data.Dataset.from_tensor_slices((x_dummy, y_dummy)).batch(32)


def custom_loss(y_true, y_pred):
    loss = sparse_categorical_crossentropy(y_true, y_pred, ignore_class=-1)
    return loss


inputs = keras.Input((8,))
outputs = keras.layers.Dense(num_classes, activation="softmax")(keras.layers.Dense(16, activation="relu")(inputs))
model = keras.Model(inputs, outputs)
model.compile(optimizer=keras.optimizers.Adam(), loss=custom_loss)
before = [w.copy() for w in model.get_weights()]
model.fit(dataset, epochs=1, verbose=0)
change = sum(float(np.abs(a - b).sum()) for a, b in zip(model.get_weights(), before))
print("weights_change", f"{change:.8f}")
