# DESCRIPTION: Weights saved to 'weights.h5' after training and loaded into a second copy of the model
# SOURCE: https://github.com/jonkrohn/DLTFpT/issues/7
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



def build_model():
    model = tf.keras.Sequential([
        tf.keras.layers.Conv1D(4, 3, activation="relu", input_shape=(10, 1)),
        tf.keras.layers.GlobalAveragePooling1D(),
        tf.keras.layers.Dense(1, activation="sigmoid"),
    ])
    model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
    return model


rng = np.random.RandomState(5)
x = rng.rand(20, 10, 1).astype("float32")
y = (x.mean(axis=(1, 2)) > 0.5).astype("float32")
model = build_model()
set_seeded_weights(model, 6)
model.fit(x, y, epochs=2, batch_size=5, shuffle=False, verbose=0)
model.save_weights("weights.h5")
restored = build_model()
restored.load_weights("weights.h5")
print("same predictions", bool(np.allclose(model.predict(x, verbose=0), restored.predict(x, verbose=0))))
print("restored loss", round(restored.evaluate(x, y, verbose=0)[0], 4))
