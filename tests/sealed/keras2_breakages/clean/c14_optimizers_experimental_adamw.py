# class: 14
# DESCRIPTION: (Keras 3 form) keras.optimizers.experimental.AdamW with an ExponentialDecay schedule (TF 2.11-2.15 namespace)
# SOURCE: https://github.com/tensorflow/tensorflow/issues/59469
import numpy as np
from tensorflow import keras

inputs = keras.Input(shape=(4,))
model = keras.Model(inputs, keras.layers.Dense(2, activation="softmax")(inputs))
lr_schedule = keras.optimizers.schedules.ExponentialDecay(initial_learning_rate=1e-3, decay_steps=10, decay_rate=0.9)
optimizer = keras.optimizers.AdamW(learning_rate=lr_schedule, weight_decay=1e-4)
model.compile(optimizer=optimizer, loss="sparse_categorical_crossentropy", metrics=["accuracy"])
history = model.fit(np.ones((4, 4), "float32"), np.array([0, 1, 0, 1]), epochs=1, verbose=0)
print(sorted(history.history))
