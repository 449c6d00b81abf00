import tensorflow as tf

generator = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 3)),
    tf.keras.layers.Conv2D(8, 3, padding="same"),
    tf.keras.layers.BatchNormalization(),
    tf.keras.layers.ReLU(),
    tf.keras.layers.Conv2D(3, 3, padding="same"),
])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-4)
low_res = tf.random.uniform([4, 8, 8, 3])
high_res = tf.random.uniform([4, 8, 8, 3])

with tf.GradientTape() as tape:
    fake = generator(low_res, training=True)
    mse = tf.reduce_mean(tf.square(fake - high_res))
grads = tape.gradient(mse, generator.trainable_weights)
print("none_grads", sum(g is None for g in grads))
optimizer.apply_gradients(zip(grads, generator.trainable_weights))
