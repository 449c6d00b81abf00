# SOURCE: https://github.com/ryanmark1867/manning/issues/2
# SYMPTOM: raises ValueError
# DESCRIPTION: a reloaded streetcar-delay model's evaluate() results are unpacked into (loss, accuracy) by position although the model was compiled with more metrics, so the list is longer than two
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
_, train_acc = saved_model.evaluate(X_train, target, verbose=0)  # EXPECT: api-misuse/unpack-evaluate-results
print("Train: %.3f" % train_acc)
