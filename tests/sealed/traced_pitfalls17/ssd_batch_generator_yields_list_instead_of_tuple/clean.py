# SOURCE: https://github.com/pierluigiferrari/ssd_keras/issues/374
# SYMPTOM: raises ValueError
# DESCRIPTION: a detector's batch generator yields [images, targets] as a list instead of a tuple, so fit cannot split it into inputs and targets (older Keras trained with no gradients for the weights; Keras 3 rejects it)
import numpy as np
import keras


def generate(batch_size=4):
    rng = np.random.default_rng(0)
    while True:
        images = rng.random((batch_size, 8, 8, 3)).astype("float32")
        targets = rng.random((batch_size, 4)).astype("float32")
        ret = [images, targets]
        yield tuple(ret)


model = keras.Sequential([keras.Input((8, 8, 3)), keras.layers.Conv2D(4, 3), keras.layers.GlobalAveragePooling2D(),
                          keras.layers.Dense(4)])
model.compile(optimizer="adam", loss="mse")
history = model.fit(generate(), steps_per_epoch=3, epochs=1, verbose=0)
print("loss", history.history["loss"][-1])
