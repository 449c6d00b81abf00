# DESCRIPTION: Training with ModelCheckpoint('best_model.h5', save_best_only=True) and reloading the best model
# SOURCE: https://github.com/kr-colab/ReLERNN/issues/53
import numpy as np
import tensorflow as tf
from tensorflow.keras.callbacks import ModelCheckpoint

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])


rng = np.random.RandomState(3)
x = rng.rand(40, 5).astype("float32")
y = (x @ np.array([1.0, -2.0, 0.5, 0.0, 1.5], "float32")).reshape(-1, 1)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(6, activation="tanh", input_shape=(5,)),
    tf.keras.layers.Dense(1),
])
set_seeded_weights(model, 4)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.05), loss="mse")
checkpoint = ModelCheckpoint("best_model.h5", monitor="val_loss", save_best_only=True, verbose=0)
history = model.fit(x[:30], y[:30], validation_data=(x[30:], y[30:]), epochs=4, batch_size=10, shuffle=False, verbose=0, callbacks=[checkpoint])
print("val_loss", [round(v, 4) for v in history.history["val_loss"]])
best = tf.keras.models.load_model("best_model.h5")
print("best model val loss", round(best.evaluate(x[30:], y[30:], verbose=0), 4))
