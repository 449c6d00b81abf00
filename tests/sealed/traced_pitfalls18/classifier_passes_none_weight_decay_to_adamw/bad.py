# SOURCE: https://github.com/keras-team/keras/issues/18712
# SYMPTOM: raises ValueError
# DESCRIPTION: a classifier builds AdamW with weight_decay=None, as the documentation's default suggests, but AdamW requires a float weight decay
import numpy as np
import keras

rng = np.random.default_rng(18712)
x = rng.random((64, 8)).astype("float32")
y = (x.sum(axis=1) > 4).astype("int32")

model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(2, activation="softmax")])
optimizer = keras.optimizers.AdamW(learning_rate=1e-3, weight_decay=None)  # EXPECT: api-misuse/adamw-weight-decay-none
model.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print("final loss", round(float(history.history["loss"][-1]), 4))
