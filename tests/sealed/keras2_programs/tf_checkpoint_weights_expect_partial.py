# DESCRIPTION: Weights saved in the TensorFlow checkpoint format (no suffix) and restored with load_weights(...).expect_partial()
# SOURCE: https://github.com/OHBA-analysis/osl-dynamics/pull/33
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



def build():
    model = tf.keras.Sequential([tf.keras.layers.Dense(3, activation="relu", input_shape=(4,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    return model


rng = np.random.RandomState(35)
x = rng.rand(12, 4).astype("float32")
y = x.mean(axis=1, keepdims=True)
model = build()
set_seeded_weights(model, 36)
model.fit(x, y, epochs=2, batch_size=4, shuffle=False, verbose=0)
model.save_weights("checkpoints/my_checkpoint")
restored = build()
restored.load_weights("checkpoints/my_checkpoint").expect_partial()
print("restored loss", round(restored.evaluate(x, y, verbose=0), 4))
