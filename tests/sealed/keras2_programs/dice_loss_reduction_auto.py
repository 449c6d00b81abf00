# DESCRIPTION: A segmentation-style model trained with a Loss subclass that defaults reduction to Reduction.AUTO
# SOURCE: https://github.com/tensorflow/tensorflow/issues/35329
import numpy as np
import tensorflow as tf

def set_seeded_weights(model, seed):
    """Weights from NumPy, so that the program computes the same under every Keras."""
    rng = np.random.RandomState(seed)
    model.set_weights([rng.uniform(-0.5, 0.5, w.shape).astype("float32") for w in model.get_weights()])



class DiceLoss(tf.keras.losses.Loss):
    def __init__(self, smooth=1.0, reduction=tf.keras.losses.Reduction.AUTO, name="dice_loss"):
        super().__init__(reduction=reduction, name=name)
        self.smooth = smooth

    def call(self, y_true, y_pred):
        intersection = tf.reduce_sum(y_true * y_pred, axis=-1)
        union = tf.reduce_sum(y_true, axis=-1) + tf.reduce_sum(y_pred, axis=-1)
        return 1.0 - (2.0 * intersection + self.smooth) / (union + self.smooth)


rng = np.random.RandomState(23)
x = rng.rand(16, 8).astype("float32")
y = (x > 0.5).astype("float32")
model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="sigmoid", input_shape=(8,))])
set_seeded_weights(model, 24)
model.compile(optimizer=tf.keras.optimizers.SGD(learning_rate=0.5), loss=DiceLoss())
history = model.fit(x, y, epochs=3, batch_size=8, shuffle=False, verbose=0)
print("losses", [round(v, 4) for v in history.history["loss"]])
