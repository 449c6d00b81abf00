# SOURCE: https://github.com/ecaradec/humble-yolo/issues/20
# SYMPTOM: raises ValueError
# DESCRIPTION: a YOLO-style custom loss wraps its constant grid of cell offsets in a new variable on every call, so a variable is created inside the traced training step and the second trace (the last, smaller batch) fails
"""A tiny box regressor trained with a grid-offset loss."""

import numpy as np
import tensorflow as tf

GRID_H, GRID_W = 4, 4
grid = np.array([[x, y] for y in range(GRID_H) for x in range(GRID_W)], dtype="float32")


def custom_loss(y_true, y_pred):
    pred_boxes = tf.reshape(y_pred, (-1, GRID_H * GRID_W, 2))
    pred_xy = pred_boxes + tf.Variable(grid)  # EXPECT: variable-creation/variable-created-in-traced-code
    true_xy = tf.reshape(y_true, (-1, GRID_H * GRID_W, 2))
    return tf.reduce_mean(tf.square(pred_xy - true_xy))


model = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(GRID_H * GRID_W * 2)])
model.compile(optimizer="adam", loss=custom_loss)
x = np.random.rand(20, 8).astype("float32")
y = np.random.rand(20, GRID_H * GRID_W * 2).astype("float32")
history = model.fit(x, y, batch_size=8, epochs=2, verbose=0)
print("loss", history.history["loss"][-1])
