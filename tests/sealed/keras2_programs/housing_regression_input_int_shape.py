# DESCRIPTION: A housing-price style regression whose Input is declared with shape=(13) (an int)
# SOURCE: https://github.com/carpentries-lab/deep-learning-intro/pull/471
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(21)
x_train = rng.rand(40, 13).astype("float32")
y_train = (x_train[:, :3].sum(axis=1) * 10).astype("float32")
mean, std = x_train.mean(axis=0), x_train.std(axis=0)
x_train = (x_train - mean) / std
inputs = tf.keras.Input(shape=(13))
hidden = tf.keras.layers.Dense(8, activation="relu")(inputs)
outputs = tf.keras.layers.Dense(1)(hidden)
model = tf.keras.Model(inputs=inputs, outputs=outputs)
set_seeded_weights(model, 22)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss="mse", metrics=["mae"])
history = model.fit(x_train, y_train, epochs=3, batch_size=10, shuffle=False, verbose=0)
print("mae", [round(v, 4) for v in history.history["mae"]])
