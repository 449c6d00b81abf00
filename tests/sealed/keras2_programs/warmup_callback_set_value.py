# DESCRIPTION: A learning-rate warm-up callback using K.set_value and K.get_value on model.optimizer.lr
# SOURCE: https://github.com/keras-team/keras/issues/16218
import numpy as np
import tensorflow as tf
from tensorflow.keras import backend as K

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



class WarmUp(tf.keras.callbacks.Callback):
    def __init__(self, target_lr, warmup_epochs):
        super().__init__()
        self.target_lr = target_lr
        self.warmup_epochs = warmup_epochs

    def on_epoch_begin(self, epoch, logs=None):
        if epoch < self.warmup_epochs:
            K.set_value(self.model.optimizer.lr, self.target_lr * (epoch + 1) / self.warmup_epochs)
        print("epoch", epoch, "lr", round(float(K.get_value(self.model.optimizer.lr)), 5))


rng = np.random.RandomState(11)
x = rng.rand(20, 3).astype("float32")
y = x @ np.array([[1.0], [2.0], [-1.0]], "float32")
model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
set_seeded_weights(model, 12)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.1), loss="mse")
history = model.fit(x, y, epochs=3, batch_size=10, shuffle=False, verbose=0, callbacks=[WarmUp(0.1, 2)])
print("losses", [round(v, 4) for v in history.history["loss"]])
