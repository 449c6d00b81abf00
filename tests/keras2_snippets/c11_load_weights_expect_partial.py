# class: 11
# load_weights of a TF checkpoint returned its load status in Keras 2; Keras 3 returns None.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1)])
model.save_weights("ckpt")  # EXPECT
model.load_weights("ckpt").expect_partial()  # EXPECT
print(len(model.weights))
