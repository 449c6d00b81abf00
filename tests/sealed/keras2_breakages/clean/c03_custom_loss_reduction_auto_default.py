# class: 3
# DESCRIPTION: (Keras 3 form) A Loss subclass whose __init__ defaults reduction to tf.keras.losses.Reduction.AUTO
# SOURCE: https://github.com/tensorflow/tensorflow/issues/35329
import tensorflow as tf


class GeneralDiceLoss(tf.keras.losses.Loss):
    def __init__(self, wPow=2.0, reduction="sum_over_batch_size", name="GeneralDiceLoss"):
        super().__init__(reduction=reduction, name=name)
        self.wPow = wPow

    def call(self, y_true, y_pred):
        inter = tf.reduce_sum(y_true * y_pred, axis=-1)
        union = tf.reduce_sum(y_true + y_pred, axis=-1)
        return 1.0 - 2.0 * inter / union


loss_func = GeneralDiceLoss()
print(round(float(loss_func(tf.constant([[1.0, 0.0]]), tf.constant([[0.5, 0.5]]))), 4))
