# SOURCE: https://github.com/keras-team/keras/issues/5537
# SYMPTOM: raises ValueError
# DESCRIPTION: A classifier turns its softmax output into a one-hot vector with argmax inside a Lambda layer before the loss, so no gradient reaches any weight.
import numpy as np
import keras
from keras import ops


def softmax_to_onehot(x):
    return ops.one_hot(ops.argmax(x, axis=-1), 2)


model = keras.Sequential([
    keras.Input((4,)),
    keras.layers.Dense(8, activation="relu"),
    keras.layers.Dense(2, activation="softmax"),
    keras.layers.Lambda(softmax_to_onehot),  # EXPECT: api-misuse/non-differentiable-op-before-loss
])
model.compile(optimizer="adam", loss="categorical_crossentropy")

x = np.random.rand(64, 4).astype("float32")
y = keras.utils.to_categorical(np.random.randint(0, 2, 64), 2)
before = [w.copy() for w in model.get_weights()]
model.fit(x, y, epochs=2, verbose=0)
change = sum(float(np.abs(a - b).sum()) for a, b in zip(model.get_weights(), before))
print("weights_change", f"{change:.8f}")
