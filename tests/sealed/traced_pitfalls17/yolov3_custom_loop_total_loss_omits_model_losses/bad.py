# SOURCE: https://github.com/pythonlessons/TensorFlow-2.x-YOLOv3/issues/165
# SYMPTOM: number "regularization in total loss" < 0.000001
# DESCRIPTION: a detector built with Conv2D kernel_regularizer is trained in a custom GradientTape loop whose total loss sums only the task losses, so the layers' regularization losses in model.losses never reach the gradients
import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(0)
inputs = keras.Input((16, 16, 3))
x = keras.layers.Conv2D(8, 3, padding="same", kernel_regularizer=keras.regularizers.l2(0.0005))(inputs)
x = keras.layers.GlobalAveragePooling2D()(x)
outputs = keras.layers.Dense(4, kernel_regularizer=keras.regularizers.l2(0.0005))(x)
yolo = keras.Model(inputs, outputs)
optimizer = keras.optimizers.Adam(1e-3)

images = tf.constant(np.random.default_rng(0).random((4, 16, 16, 3)).astype("float32"))
targets = tf.zeros([4, 4])


def train_step(image_data, target):
    with tf.GradientTape() as tape:
        pred = yolo(image_data, training=True)
        giou_loss = tf.reduce_mean(tf.abs(pred - target))
        conf_loss = tf.reduce_mean(tf.square(pred - target))
        prob_loss = tf.constant(0.0)
        total_loss = giou_loss + conf_loss + prob_loss  # EXPECT: api-misuse/custom-loop-ignores-model-losses
    gradients = tape.gradient(total_loss, yolo.trainable_variables)
    optimizer.apply_gradients(zip(gradients, yolo.trainable_variables))
    return total_loss, giou_loss + conf_loss + prob_loss


total, task = train_step(images, targets)
print("regularization in total loss", float(total - task))
