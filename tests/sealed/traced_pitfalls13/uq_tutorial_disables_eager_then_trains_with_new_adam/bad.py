# SOURCE: https://github.com/VNemani14/UQ_ML_Tutorial/issues/1
# SYMPTOM: raises AttributeError
# ENV: TF_USE_LEGACY_KERAS=1
# DESCRIPTION: an uncertainty-quantification tutorial turns eager execution off (for its MC-dropout code) and compiles with tf.keras.optimizers.Adam; since TF 2.11 that is the new optimizer, which the TF1-style graph training loop cannot use (it has no get_updates)
import numpy as np
import tensorflow as tf

tf.compat.v1.disable_eager_execution()  # EXPECT: tf1-api/disable-eager-with-tf2-optimizer

rng = np.random.default_rng(0)
x_train = rng.normal(size=(200, 8)).astype("float32")
y_train = (x_train @ rng.normal(size=(8, 1))).astype("float32")

inputs = tf.keras.Input(shape=(8,))
h = tf.keras.layers.Dense(32, activation="relu")(inputs)
h = tf.keras.layers.Dropout(0.1)(h, training=True)  # MC dropout at prediction time too
outputs = tf.keras.layers.Dense(1)(h)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss="mse")
model.fit(x_train, y_train, epochs=3, batch_size=32, verbose=0)

samples = np.stack([model.predict(x_train[:5], verbose=0) for _ in range(10)])
print("predictive std", float(samples.std(axis=0).mean()))
