# SOURCE: https://github.com/tensorflow/tensorflow/issues/43845
# SYMPTOM: raises ValueError
# DESCRIPTION: parameters initialised with Python integers are integer variables, which have no gradient
import tensorflow as tf

w = tf.Variable(0)
b = tf.Variable(0)
x_data = tf.constant([1.0, 2.0, 3.0, 4.0])
y_data = tf.constant([3.0, 5.0, 7.0, 9.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)

for step in range(3):
    with tf.GradientTape() as tape:
        prediction = tf.cast(w, tf.float32) * x_data + tf.cast(b, tf.float32)
        loss = tf.reduce_mean(tf.square(prediction - y_data))
    grads = tape.gradient(loss, [w, b])  # EXPECT: api-misuse/integer-gradient-source
    optimizer.apply_gradients(zip(grads, [w, b]))
print("w", float(w.numpy()), "b", float(b.numpy()))
