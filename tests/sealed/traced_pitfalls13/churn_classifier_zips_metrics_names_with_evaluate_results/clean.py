import numpy as np
import keras
from keras import layers

rng = np.random.default_rng(1)
features = rng.random((256, 6)).astype("float32")
churned = (features[:, 0] + 0.3 * features[:, 3] > 0.7).astype("float32")
x_train, y_train = features[:192], churned[:192]
x_test, y_test = features[192:], churned[192:]

model = keras.Sequential(
    [
        keras.Input((6,)),
        layers.Dense(16, activation="relu"),
        layers.Dense(1, activation="sigmoid"),
    ]
)
model.compile(
    optimizer="adam",
    loss="binary_crossentropy",
    metrics=[keras.metrics.Precision(name="precision"), keras.metrics.Recall(name="recall")],
)
model.fit(x_train, y_train, epochs=3, batch_size=32, verbose=0)

report = model.evaluate(x_test, y_test, verbose=0, return_dict=True)
print("test precision %.3f recall %.3f" % (report["precision"], report["recall"]))
