import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(6,))
encoder = tf.keras.layers.Dense(5, activation="softmax", name="encoder")
probabilities = encoder(inputs)
outputs = tf.keras.layers.Dense(3, activation="softmax")(probabilities)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss="categorical_crossentropy")

x = np.random.rand(64, 6).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 64), 3)
before = encoder.kernel.numpy().copy()
model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("encoder_change", f"{np.abs(encoder.kernel.numpy() - before).max():.8f}")
