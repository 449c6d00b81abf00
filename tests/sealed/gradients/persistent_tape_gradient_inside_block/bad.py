# SOURCE: https://github.com/tensorflow/tensorflow/issues/47064
# SYMPTOM: stderr "persistent tape inside its context"
# DESCRIPTION: gradients of a persistent tape are taken inside its with block, so the gradient ops are recorded too
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(8, activation="relu"), tf.keras.layers.Dense(1)])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3)
x = tf.random.normal([16, 4])
y = tf.random.normal([16, 1])

for step in range(2):
    with tf.GradientTape(persistent=True) as tape:
        prediction = model(x)
        loss = tf.reduce_mean(tf.square(prediction - y))
        grads = tape.gradient(loss, model.trainable_variables)  # EXPECT: api-misuse/persistent-tape-gradient-inside-block
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
    del tape
print("loss", float(loss))
