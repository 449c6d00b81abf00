import numpy as np
import keras

rng = np.random.default_rng(0)
x = rng.normal(size=(300, 10)).astype("float32")
y = (x[:, 0] + x[:, 1] > 0).astype("int32")

model = keras.Sequential(
    [keras.Input((10,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(1, activation="sigmoid")]
)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
history = model.fit(x, y, validation_split=0.2, epochs=3, verbose=0)


def plot_history(history):
    train_acc = history.history["accuracy"]  # the key is the name given in compile(metrics=...)
    val_acc = history.history["val_accuracy"]
    for epoch, (a, v) in enumerate(zip(train_acc, val_acc), 1):
        print(f"epoch {epoch} accuracy {a:.3f} val_accuracy {v:.3f}")


plot_history(history)
