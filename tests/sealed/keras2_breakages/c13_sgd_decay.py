# class: 13
# DESCRIPTION: SGD(..., decay=...) time-based learning-rate decay (Keras 3 ignores decay: other weights)
# SOURCE: https://github.com/dmitryduev/braai/issues/8
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf

v = tf.Variable(1.0)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, decay=0.5, nesterov=True)  # EXPECT
for _ in range(4):
    with tf.GradientTape() as tape:
        loss = v * v
    optimizer.apply_gradients([(tape.gradient(loss, v), v)])
print(round(float(v.numpy()), 5))
