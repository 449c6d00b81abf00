"""The fix: let the traced step accept any number of boxes (reduce_retracing relaxes the shape)."""

import tensorflow as tf

detector = tf.keras.Sequential([tf.keras.Input((32, 32, 3)), tf.keras.layers.Conv2D(4, 3), tf.keras.layers.GlobalAveragePooling2D()])
optimizer = tf.keras.optimizers.SGD(0.01)


@tf.function(reduce_retracing=True)
def train_step_fn(image, boxes):
    with tf.GradientTape() as tape:
        prediction = detector(image)
        loss = tf.reduce_mean(tf.square(tf.reduce_mean(boxes, axis=0) - prediction))
    grads = tape.gradient(loss, detector.trainable_variables)
    optimizer.apply_gradients(zip(grads, detector.trainable_variables))
    return loss


for num_boxes in (1, 3, 2, 5, 4, 6):
    image = tf.random.uniform([1, 32, 32, 3])
    boxes = tf.random.uniform([num_boxes, 4])
    print("loss", float(train_step_fn(image, boxes)))
