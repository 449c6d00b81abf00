# class: 6
# optimizer.variables() after building the optimizer on a model's weights.
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
opt = tf.keras.optimizers.Adam()
opt.build(model.trainable_variables)
print(len(opt.variables()))  # EXPECT
