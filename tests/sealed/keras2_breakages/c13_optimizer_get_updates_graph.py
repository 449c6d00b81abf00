# class: 13
# DESCRIPTION: optimizer.get_updates building a graph-mode training op (gone with the TF 2.11 optimizers)
# SOURCE: https://github.com/pythonlessons/RL-Bitcoin-trading-bot/issues/25
# keras2: tensorflow-cpu==2.10.1
import tensorflow as tf

with tf.Graph().as_default():
    x = tf.compat.v1.placeholder(tf.float32, shape=(None, 3))
    model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(3,))])
    loss = tf.reduce_mean(tf.square(model(x)))
    opt = tf.keras.optimizers.Adam(learning_rate=0.01)
    updates = opt.get_updates(loss=loss, params=model.trainable_weights)  # EXPECT
    print(len(updates) > 0)
