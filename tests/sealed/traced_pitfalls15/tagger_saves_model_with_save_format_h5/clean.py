import os
import tempfile

import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input((8, 8, 3)),
    tf.keras.layers.Conv2D(4, 3, activation="relu"),
    tf.keras.layers.GlobalAveragePooling2D(),
    tf.keras.layers.Dense(5, activation="sigmoid"),
])
model.compile(optimizer="adam", loss="binary_crossentropy")
model.fit(np.random.rand(8, 8, 8, 3), np.random.randint(0, 2, (8, 5)), epochs=1, verbose=0)

model_path = os.path.join(tempfile.mkdtemp(), "model-1.h5")
model.save(model_path)
print("saved", model_path)
