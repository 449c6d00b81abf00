# SOURCE: https://github.com/IntelLabs/coach/issues/220
# SYMPTOM: raises ValueError
# DESCRIPTION: the L2 penalty is added to the loss after the tape's block closed, so the total loss was never recorded
import tensorflow as tf

network = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(32, activation="relu"),
    tf.keras.layers.Dense(2),
])
optimizer = tf.keras.optimizers.Adam(learning_rate=1e-3)
l2_regularization = 1e-4
states = tf.random.normal([32, 4])
targets = tf.random.normal([32, 2])

with tf.GradientTape() as tape:
    predictions = network(states)
    total_loss = tf.reduce_mean(tf.square(targets - predictions))
total_loss += l2_regularization * tf.add_n([tf.nn.l2_loss(v) for v in network.trainable_weights])  # EXPECT: api-misuse/loss-finished-after-tape
grads = tape.gradient(total_loss, network.trainable_weights)  # EXPECT: api-misuse/loss-finished-after-tape
optimizer.apply_gradients(zip(grads, network.trainable_weights))
print("loss", float(total_loss))
