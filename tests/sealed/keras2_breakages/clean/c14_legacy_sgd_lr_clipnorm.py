# class: 14
# DESCRIPTION: (Keras 3 form) tf.keras.optimizers.legacy.SGD(lr=..., momentum=..., clipnorm=...) in a Mask R-CNN training setup
# SOURCE: https://github.com/z-mahmud22/Mask-RCNN_TF2.14.0/issues/8
import tensorflow as tf

learning_rate, momentum, GRADIENT_CLIP_NORM = 0.001, 0.9, 5.0
optimizer = tf.keras.optimizers.SGD(learning_rate=learning_rate, momentum=momentum, clipnorm=GRADIENT_CLIP_NORM)
v = tf.Variable([3.0, 4.0])
optimizer.apply_gradients([(tf.constant([30.0, 40.0]), v)])
print([round(x, 5) for x in v.numpy().tolist()])
