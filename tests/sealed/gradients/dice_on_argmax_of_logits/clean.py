import tensorflow as tf

net = tf.keras.Sequential([
    tf.keras.Input(shape=(16, 16, 1)),
    tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu"),
    tf.keras.layers.Conv2D(2, 1),
])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3)
images = tf.random.uniform([4, 16, 16, 1])
labels = tf.one_hot(tf.cast(tf.random.uniform([4, 16, 16]) > 0.5, tf.int32), depth=2)

with tf.GradientTape() as tape:
    logits = net(images)
    prediction = tf.nn.softmax(logits)
    intersection = tf.reduce_sum(prediction * labels)
    union = tf.reduce_sum(prediction) + tf.reduce_sum(labels)
    loss = 1.0 - 2.0 * intersection / union
grads = tape.gradient(loss, net.trainable_variables)
optimizer.apply_gradients(zip(grads, net.trainable_variables))
print("loss", float(loss))
