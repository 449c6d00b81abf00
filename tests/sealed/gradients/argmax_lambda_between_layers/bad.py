# SOURCE: https://github.com/keras-team/keras/issues/11157
# SYMPTOM: number "encoder_change" < 0.000001
# DESCRIPTION: an argmax layer between two parts of a model: the part before it never receives a gradient
import numpy as np
import tensorflow as tf

inputs = tf.keras.Input(shape=(6,))
encoder = tf.keras.layers.Dense(5, activation="softmax", name="encoder")
probabilities = encoder(inputs)
classes = tf.keras.layers.Lambda(lambda p: tf.argmax(p, axis=-1))(probabilities)  # EXPECT: api-misuse/non-differentiable-op
classes = tf.keras.layers.Lambda(lambda c: tf.cast(c[:, None], tf.float32))(classes)
outputs = tf.keras.layers.Dense(3, activation="softmax")(classes)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=0.01), loss="categorical_crossentropy")

x = np.random.rand(64, 6).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 3, 64), 3)
before = encoder.kernel.numpy().copy()
model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("encoder_change", f"{np.abs(encoder.kernel.numpy() - before).max():.8f}")
