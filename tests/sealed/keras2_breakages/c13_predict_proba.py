# class: 13
# DESCRIPTION: predict_proba on a Sequential classifier wrapped for a sampling pipeline (removed in TF 2.6)
# SOURCE: https://github.com/scikit-learn-contrib/imbalanced-learn/pull/993
# keras2: tensorflow-cpu==2.5.3
import numpy as np
import tensorflow as tf

x = np.arange(12, dtype="float32").reshape(6, 2) / 12
model = tf.keras.Sequential([tf.keras.layers.Dense(2, activation="softmax", input_dim=2)])
model.compile(optimizer="sgd", loss="categorical_crossentropy")
proba = model.predict_proba(x, batch_size=3)  # EXPECT
print(proba.shape, bool(np.allclose(proba.sum(axis=1), 1.0, atol=1e-5)))
