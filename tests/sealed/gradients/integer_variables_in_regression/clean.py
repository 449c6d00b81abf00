import tensorflow as tf

w = tf.Variable(0.0)
b = tf.Variable(0.0)
x_data = tf.constant([1.0, 2.0, 3.0, 4.0])
y_data = tf.constant([3.0, 5.0, 7.0, 9.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)

for step in range(3):
    with tf.GradientTape() as tape:
        prediction = w * x_data + b
        loss = tf.reduce_mean(tf.square(prediction - y_data))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
print("w", float(w.numpy()), "b", float(b.numpy()))
