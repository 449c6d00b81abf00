# class: 13
# DESCRIPTION: tf.keras.optimizers.Adam(lr=0.01) in a training codelab, learning rate printed
# SOURCE: https://github.com/googlecodelabs/feedback/issues/1019
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf

optimizer = tf.keras.optimizers.Adam(lr=0.01)  # EXPECT
print(round(float(optimizer.learning_rate.numpy()), 6))
