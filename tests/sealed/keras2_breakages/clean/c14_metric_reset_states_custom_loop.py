# class: 14
# DESCRIPTION: (Keras 3 form) train_loss.reset_states() at the end of each epoch of a custom training loop (Keras 3: reset_state)
# SOURCE: https://github.com/tensorflow/tensorboard/pull/6932
import tensorflow as tf

train_loss = tf.keras.metrics.Mean("train_loss", dtype=tf.float32)
train_accuracy = tf.keras.metrics.SparseCategoricalAccuracy("train_accuracy")
for epoch in range(2):
    train_loss(tf.constant([1.0, 2.0]) * (epoch + 1))
    train_accuracy(tf.constant([1, 0]), tf.constant([[0.2, 0.8], [0.9, 0.1]]))
    print(epoch, float(train_loss.result()), float(train_accuracy.result()))
    train_loss.reset_state()
    train_accuracy.reset_state()
