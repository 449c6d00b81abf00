# class: 13
# DESCRIPTION: (Keras 3 form) SGD(..., decay=...) time-based learning-rate decay (Keras 3 ignores decay: other weights)
# SOURCE: https://github.com/dmitryduev/braai/issues/8
import tensorflow as tf

v = tf.Variable(1.0)
schedule = tf.keras.optimizers.schedules.InverseTimeDecay(0.1, decay_steps=1, decay_rate=0.5)
optimizer = tf.keras.optimizers.SGD(learning_rate=schedule, momentum=0.9, nesterov=True)
for _ in range(4):
    with tf.GradientTape() as tape:
        loss = v * v
    optimizer.apply_gradients([(tape.gradient(loss, v), v)])
print(round(float(v.numpy()), 5))
