# SOURCE: https://github.com/tensorflow/tensorflow/issues/42880
# SYMPTOM: raises ValueError
# DESCRIPTION: an MNIST-style Sequential model adds weight decay through model.add_loss(lambda: tf.nn.l2_loss(w) * reg) for each trainable kernel before fit, a callable-loss form Keras 3 no longer accepts (and whose lambdas all close over the last w)
import numpy as np
import tensorflow as tf
import keras

reg = 10.0
rng = np.random.default_rng(0)
x_train = rng.random((64, 28, 28, 1)).astype("float32")
y_train = rng.integers(0, 10, size=64)

# tf.nn.l2_loss(w) * reg == sum(w**2) * reg / 2, i.e. an L2 kernel regularizer with factor reg / 2
model = keras.Sequential([
    keras.Input((28, 28, 1)),
    keras.layers.Flatten(),
    keras.layers.Dense(128, activation="relu", kernel_regularizer=keras.regularizers.l2(reg / 2)),
    keras.layers.Dropout(0.2),
    keras.layers.Dense(10, activation="softmax", kernel_regularizer=keras.regularizers.l2(reg / 2)),
])
model.compile(optimizer="adam", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x_train, y_train, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
