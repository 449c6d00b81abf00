# class: 13
# DESCRIPTION: (Keras 3 form) tf.keras.optimizers.Adam(lr=0.01) in a training codelab, learning rate printed
# SOURCE: https://github.com/googlecodelabs/feedback/issues/1019
import tensorflow as tf

optimizer = tf.keras.optimizers.Adam(learning_rate=0.01)
print(round(float(optimizer.learning_rate.numpy()), 6))
