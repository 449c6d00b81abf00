# SOURCE: https://github.com/qubvel/segmentation_models/issues/141
# SYMPTOM: raises ValueError
# DESCRIPTION: a metric function passed to compile builds stateful IoU metric objects, with their variables, each time it runs
import numpy as np
import tensorflow as tf


def mean_iou(y_true, y_pred):
    prec = []
    for t in np.arange(0.5, 1.0, 0.05):
        y_pred_ = tf.cast(y_pred > t, tf.int32)
        metric = tf.keras.metrics.MeanIoU(num_classes=2)  # EXPECT: variable-creation/metric-built-per-trace
        metric.update_state(y_true, y_pred_)
        prec.append(metric.result())
    return tf.reduce_mean(tf.stack(prec))


model = tf.keras.Sequential([
    tf.keras.Input(shape=(16, 16, 1)),
    tf.keras.layers.Conv2D(4, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv2D(1, 1, activation="sigmoid"),
])
model.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=1e-3), loss="binary_crossentropy", metrics=[mean_iou])
x = np.random.rand(8, 16, 16, 1).astype("float32")
y = (np.random.rand(8, 16, 16, 1) > 0.5).astype("float32")
model.fit(x, y, epochs=1, batch_size=4, verbose=0)
print("trained")
