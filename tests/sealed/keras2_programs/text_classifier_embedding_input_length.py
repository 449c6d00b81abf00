# DESCRIPTION: A text classifier with Embedding(input_length=...) whose parameter count and output shape are printed before training
# SOURCE: https://github.com/tensorflow/tensorflow/issues/53391
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


vocab_size, max_len = 20, 6
model = tf.keras.Sequential([
    tf.keras.layers.Embedding(vocab_size, 8, input_length=max_len),
    tf.keras.layers.GlobalAveragePooling1D(),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
print("parameters", model.count_params(), "output", model.output_shape)
set_seeded_weights(model, 17)
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["accuracy"])
rng = np.random.RandomState(18)
x = rng.randint(1, vocab_size, size=(16, max_len))
y = (x[:, 0] > 10).astype("float32")
history = model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
print("losses", [round(v, 4) for v in history.history["loss"]])
