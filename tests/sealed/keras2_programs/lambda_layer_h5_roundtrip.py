# DESCRIPTION: A model with a Lambda normalisation layer saved to .h5 and loaded back for inference
# SOURCE: https://github.com/AISyLab/Triplet-attack/issues/1
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


inputs = tf.keras.Input(shape=(4,))
normalised = tf.keras.layers.Lambda(lambda t: t / 10.0)(inputs)
outputs = tf.keras.layers.Dense(2, activation="softmax")(normalised)
model = tf.keras.Model(inputs, outputs)
set_seeded_weights(model, 37)
model.compile(optimizer="adam", loss="categorical_crossentropy")
model.save("lambda_model.h5")
loaded = tf.keras.models.load_model("lambda_model.h5")
x = np.arange(8, dtype="float32").reshape(2, 4)
print("probabilities", np.round(loaded.predict(x, verbose=0), 4).tolist())
