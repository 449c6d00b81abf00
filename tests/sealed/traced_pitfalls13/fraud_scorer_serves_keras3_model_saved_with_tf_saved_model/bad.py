# SOURCE: https://github.com/keras-team/keras/issues/19458
# SYMPTOM: raises TypeError
# DESCRIPTION: a fraud scorer writes its Keras 3 functional model for TF Serving with tf.saved_model.save, whose serving signature renames the named Input to 'inputs', so the client that feeds the signature by the input's name fails (model.export keeps the Input's name)
import os
import tempfile

import numpy as np
import tensorflow as tf
import keras
from keras import layers

rng = np.random.default_rng(7)
codes = rng.integers(0, 50, size=(256, 10)).astype("int32")
is_fraud = (codes[:, 0] > 40).astype("float32")

features = keras.Input((10,), name="merchant_codes", dtype="int32")
hidden = layers.Dense(16, activation="relu")(keras.ops.cast(features, "float32") / 50.0)
score = layers.Dense(1, activation="sigmoid", name="fraud_score")(hidden)
model = keras.Model(features, score)
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(codes, is_fraud, epochs=2, batch_size=32, verbose=0)

export_dir = os.path.join(tempfile.mkdtemp(), "fraud_scorer", "1")
tf.saved_model.save(model, export_dir)  # EXPECT: keras3/tf-saved-model-save-keras3-model

served = tf.saved_model.load(export_dir)
serve = served.signatures["serving_default"]
request = tf.constant(codes[:4])
response = serve(merchant_codes=request)
print("scores", [float(v) for v in list(response.values())[0].numpy().ravel()])
