# DESCRIPTION: A callback printing self.model.optimizer.lr at the end of every epoch of an exponential-decay schedule
# SOURCE: https://github.com/keras-team/keras/issues/16218
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



class PrintLR(tf.keras.callbacks.Callback):
    def on_epoch_end(self, epoch, logs=None):
        print("epoch", epoch + 1, "lr", round(float(tf.keras.backend.get_value(self.model.optimizer.lr)), 5))


model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,))])
set_seeded_weights(model, 31)
model.compile(optimizer=tf.keras.optimizers.RMSprop(learning_rate=0.01), loss="mse")
rng = np.random.RandomState(32)
x = rng.rand(8, 2).astype("float32")
history = model.fit(x, x.sum(axis=1), epochs=2, batch_size=4, shuffle=False, verbose=0, callbacks=[PrintLR()])
print("losses", [round(v, 4) for v in history.history["loss"]])
