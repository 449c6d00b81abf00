# class: 3
# A fixed loss scale: LossScaleOptimizer(dynamic=False, initial_scale=...).
import tensorflow as tf

opt = tf.keras.mixed_precision.LossScaleOptimizer(
    tf.keras.optimizers.SGD(), dynamic=False, initial_scale=128  # EXPECT
)
print(float(opt.loss_scale))
