# class: 14
# DESCRIPTION: (Keras 3 form) tf.keras.experimental.CosineDecay passed to an optimizer and evaluated at a few steps
# SOURCE: https://github.com/tensorflow/tensorflow/issues/44293
import tensorflow as tf

lr_decayed_fn = tf.keras.optimizers.schedules.CosineDecay(initial_learning_rate=0.1, decay_steps=10)
optimizer = tf.keras.optimizers.SGD(learning_rate=lr_decayed_fn)
print([round(float(lr_decayed_fn(step)), 5) for step in (0, 5, 10)])
