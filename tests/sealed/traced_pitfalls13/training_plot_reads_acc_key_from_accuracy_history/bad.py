# SOURCE: https://github.com/mrtkp9993/DeepLearningExamples/issues/1
# SYMPTOM: raises KeyError
# DESCRIPTION: a classification script compiles with metrics=["accuracy"] and then reads history.history["acc"]; since TF 2 the history keys repeat the metric names given to compile, so the plotting step fails after training
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
    train_acc = history.history["acc"]  # EXPECT: api-misuse/history-key-differs-from-metric-name
    val_acc = history.history["val_acc"]
    for epoch, (a, v) in enumerate(zip(train_acc, val_acc), 1):
        print(f"epoch {epoch} accuracy {a:.3f} val_accuracy {v:.3f}")


plot_history(history)
