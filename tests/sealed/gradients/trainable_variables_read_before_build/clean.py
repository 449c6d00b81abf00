import numpy as np
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(1),
])
parameters = model.trainable_variables
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)
x = tf.random.normal([32, 3])
y = tf.reduce_sum(x, axis=1, keepdims=True)

model(x)
before = [v.numpy().copy() for v in model.trainable_variables]
for step in range(5):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x) - y))
    grads = tape.gradient(loss, parameters)
    optimizer.apply_gradients(zip(grads, parameters))
change = max(np.abs(v.numpy() - b).max() for v, b in zip(model.trainable_variables, before))
print("weight_change", f"{change:.8f}")
