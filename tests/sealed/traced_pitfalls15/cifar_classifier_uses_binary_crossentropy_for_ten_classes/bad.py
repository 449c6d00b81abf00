# SOURCE: https://github.com/frlim/data2040_final/issues/1
# SYMPTOM: number "reported minus true accuracy" >= 0.5
# DESCRIPTION: a ten-class softmax classifier is compiled with binary_crossentropy and metrics=["accuracy"], so Keras reports per-entry binary accuracy, far above the true classification accuracy
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(2040)
x = rng.random((200, 8, 8, 3)).astype("float32")
y = tf.keras.utils.to_categorical(rng.integers(0, 10, 200), 10)

model = tf.keras.Sequential([
    tf.keras.Input((8, 8, 3)),
    tf.keras.layers.Conv2D(8, 3, activation="relu"),
    tf.keras.layers.Flatten(),
    tf.keras.layers.Dense(10, activation="softmax"),
])
model.compile(optimizer="adam", loss="binary_crossentropy", metrics=["acc"])  # EXPECT: api-misuse/binary-crossentropy-for-multiclass
model.fit(x, y, epochs=1, batch_size=50, verbose=0)
reported = model.evaluate(x, y, verbose=0)[1]
true = float(np.mean(model.predict(x, verbose=0).argmax(-1) == y.argmax(-1)))
print("reported minus true accuracy", reported - true)
