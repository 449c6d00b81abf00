# DESCRIPTION: ReduceLROnPlateau during training, the learning rates read back from history.history['lr']
# SOURCE: https://github.com/nadavbra/protein_bert/issues/64
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(9)
x = rng.rand(24, 4).astype("float32")
y = rng.rand(24, 1).astype("float32")
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(4,))])
set_seeded_weights(model, 10)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.5), loss="mse")
reduce_lr = tf.keras.callbacks.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10.0, verbose=0)
history = model.fit(x, y, epochs=4, batch_size=8, shuffle=False, verbose=0, callbacks=[reduce_lr])
print("learning rates", [round(float(v), 5) for v in history.history["lr"]])
print("losses", [round(v, 4) for v in history.history["loss"]])
