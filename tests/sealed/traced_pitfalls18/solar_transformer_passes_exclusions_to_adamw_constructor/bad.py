# SOURCE: https://github.com/markub3327/Solar-Transformer/issues/4
# SYMPTOM: raises ValueError
# DESCRIPTION: a transformer training script passes exclude_from_weight_decay to the AdamW constructor, an argument older AdamW implementations took and the Keras optimizer only offers as a method
import numpy as np
import keras
from keras import layers

rng = np.random.default_rng(4)
x = rng.random((32, 10, 6)).astype("float32")
y = rng.random((32, 1)).astype("float32")

inputs = keras.Input((10, 6))
h = layers.Dense(16, name="embedding")(inputs)
h = layers.LayerNormalization(name="layer_norm")(h + layers.MultiHeadAttention(2, 8)(h, h))
outputs = layers.Dense(1)(layers.GlobalAveragePooling1D()(h))
model = keras.Model(inputs, outputs)

optimizer = keras.optimizers.AdamW(
    learning_rate=1e-3,
    weight_decay=1e-4,
    exclude_from_weight_decay=["layer_norm", "bias"],  # EXPECT: keras3/adamw-exclude-from-weight-decay-argument
)
model.compile(optimizer=optimizer, loss="mse")
model.fit(x, y, epochs=1, batch_size=8, verbose=0)
print("loss", round(float(model.evaluate(x, y, verbose=0)), 4))
