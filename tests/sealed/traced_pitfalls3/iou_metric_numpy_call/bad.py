# SOURCE: https://github.com/bonlime/keras-deeplab-v3-plus/issues/136
# SYMPTOM: raises AttributeError
# DESCRIPTION: a segmentation metric passed to compile converts the labels and predictions with .numpy() to compute the intersection over union in NumPy, which fails because metrics run on symbolic tensors inside the traced training step
"""Training a tiny two-class segmenter on a custom dataset with a mean-IoU metric."""

import numpy as np
import tensorflow as tf


def mean_iou(y_true, y_pred):
    true = y_true.numpy().argmax(-1)  # EXPECT: graph-incompatible/numpy-on-graph-tensor
    pred = y_pred.numpy().argmax(-1)
    inter = np.logical_and(true == 1, pred == 1).sum()
    union = np.logical_or(true == 1, pred == 1).sum()
    return inter / max(union, 1)


inputs = tf.keras.Input((16, 16, 3))
outputs = tf.keras.layers.Conv2D(2, 3, padding="same", activation="softmax")(inputs)
model = tf.keras.Model(inputs, outputs)
model.compile(optimizer="adam", loss="categorical_crossentropy", metrics=[mean_iou])
x = np.random.rand(8, 16, 16, 3).astype("float32")
y = tf.keras.utils.to_categorical(np.random.randint(0, 2, (8, 16, 16)), 2)
history = model.fit(x, y, batch_size=4, epochs=1, verbose=0)
print("iou", history.history["mean_iou"][-1])
