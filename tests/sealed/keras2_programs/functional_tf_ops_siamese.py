# DESCRIPTION: A siamese functional model joining two branches with tf.abs, tf.concat and tf.reduce_sum on Keras tensors
# SOURCE: https://github.com/keras-team/keras/issues/6263
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


encoder = tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", input_shape=(6,))])
left = tf.keras.Input(shape=(6,))
right = tf.keras.Input(shape=(6,))
a = encoder(left)
b = encoder(right)
distance = tf.abs(a - b)
features = tf.concat([distance, a * b], axis=-1)
score = tf.keras.layers.Dense(1, activation="sigmoid")(features)
model = tf.keras.Model([left, right], score)
set_seeded_weights(model, 15)
model.compile(optimizer="adam", loss="binary_crossentropy")
rng = np.random.RandomState(16)
x1 = rng.rand(12, 6).astype("float32")
x2 = rng.rand(12, 6).astype("float32")
y = (np.abs(x1 - x2).sum(axis=1) < 2.0).astype("float32")
history = model.fit([x1, x2], y, epochs=2, batch_size=4, shuffle=False, verbose=0)
print("losses", [round(v, 4) for v in history.history["loss"]])
print("scores", np.round(model.predict([x1[:3], x2[:3]], verbose=0).ravel(), 4).tolist())
