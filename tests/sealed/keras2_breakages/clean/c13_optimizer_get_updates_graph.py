# class: 13
# DESCRIPTION: (Keras 3 form) optimizer.get_updates building a graph-mode training op (gone with the TF 2.11 optimizers)
# SOURCE: https://github.com/pythonlessons/RL-Bitcoin-trading-bot/issues/25
import tensorflow as tf

x = tf.ones((2, 3))
model = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam(learning_rate=0.01)
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(tf.square(model(x)))
grads = tape.gradient(loss, model.trainable_weights)
opt.apply_gradients(zip(grads, model.trainable_weights))
print(int(opt.iterations) > 0)
