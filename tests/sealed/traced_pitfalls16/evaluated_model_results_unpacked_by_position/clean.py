import os
import tempfile

import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2)
X_train = rng.normal(size=(64, 5)).astype("float32")
target = (X_train[:, 0] > 0).astype("float32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(5,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy", tf.keras.metrics.AUC(name="auc")])
model.fit(X_train, target, epochs=1, verbose=0)
save_model_path = os.path.join(tempfile.mkdtemp(), "delay.keras")
model.save(save_model_path)

saved_model = tf.keras.models.load_model(save_model_path)
results = saved_model.evaluate(X_train, target, verbose=0, return_dict=True)
print("Train: %.3f" % results["accuracy"])
