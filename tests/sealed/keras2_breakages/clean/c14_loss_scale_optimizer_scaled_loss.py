# class: 14
# DESCRIPTION: (Keras 3 form) LossScaleOptimizer.get_scaled_loss / get_unscaled_gradients in a custom training step
# SOURCE: https://github.com/horovod/horovod/issues/2989
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input(shape=(2,)), tf.keras.layers.Dense(1, kernel_initializer="ones")])
optimizer = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1))
x = tf.ones((2, 2))
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(model(x))
    scaled_loss = optimizer.scale_loss(loss)
scaled_gradients = tape.gradient(scaled_loss, model.trainable_variables)
optimizer.apply_gradients(zip(scaled_gradients, model.trainable_variables))
print(model.get_weights()[0].ravel().round(4).tolist())
