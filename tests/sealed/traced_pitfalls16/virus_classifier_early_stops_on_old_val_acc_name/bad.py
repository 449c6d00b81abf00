# SOURCE: https://github.com/jessieren/DeepVirFinder/issues/12
# SYMPTOM: number "epochs run" >= 8
# DESCRIPTION: a sequence classifier's EarlyStopping watches "val_acc", the Keras 1/2.2 name of the metric that TF2 Keras logs as "val_accuracy", so the callback never sees its metric and never stops training
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(12)
x = rng.normal(size=(96, 16)).astype("float32")
y = rng.integers(0, 2, size=(96, 1)).astype("float32")

model = tf.keras.Sequential([
    tf.keras.Input(shape=(16,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.0), loss="binary_crossentropy", metrics=["accuracy"])

early = tf.keras.callbacks.EarlyStopping(monitor="val_acc", patience=1, mode="max")  # EXPECT: api-misuse/monitor-unknown-metric-name
history = model.fit(x, y, validation_split=0.25, epochs=8, batch_size=24, callbacks=[early], verbose=0)
print("epochs run", len(history.history["loss"]))
