# SOURCE: https://github.com/hunglc007/tensorflow-yolov4-tflite/issues/369
# SYMPTOM: number "loss change from regularizer" < 0.000001
# DESCRIPTION: convolution blocks are built with an L2 kernel_regularizer but the GradientTape training step computes the loss by hand from the task terms only, so setting or removing the regularizer leaves the optimised loss unchanged
import numpy as np
import tensorflow as tf
import keras


def build(reg):
    keras.utils.set_random_seed(0)
    input_layer = keras.Input((16, 16, 3))
    conv = keras.layers.Conv2D(8, 3, padding="same", use_bias=False, kernel_regularizer=reg,
                               kernel_initializer=tf.random_normal_initializer(stddev=0.01))(input_layer)
    conv = keras.layers.GlobalAveragePooling2D()(conv)
    return keras.Model(input_layer, keras.layers.Dense(3)(conv))


images = tf.constant(np.random.default_rng(0).random((4, 16, 16, 3)).astype("float32"))
labels = tf.ones([4, 3])


def regularizer_loss(model):
    """Retrieve kernel regularizer loss from layers with kernel regularizer"""
    loss = 0.0
    for layer in model.layers:
        if hasattr(layer, "kernel_regularizer") and layer.kernel_regularizer:
            loss += layer.kernel_regularizer(layer.kernel)
    return loss


def compute_loss(model):
    with tf.GradientTape() as tape:
        pred = model(images, training=True)
        giou_loss = tf.reduce_mean(tf.abs(pred - labels))
        conf_loss = tf.reduce_mean(tf.square(pred - labels))
        prob_loss = tf.constant(0.0)
        total_loss = giou_loss + conf_loss + prob_loss + regularizer_loss(model)
    tape.gradient(total_loss, model.trainable_variables)
    return total_loss


with_reg = compute_loss(build(keras.regularizers.l2(0.5)))
without_reg = compute_loss(build(None))
print("loss change from regularizer", abs(float(with_reg - without_reg)))
