# class: 14
# DESCRIPTION: LossScaleOptimizer.get_scaled_loss / get_unscaled_gradients in a custom training step
# SOURCE: https://github.com/horovod/horovod/issues/2989
import tensorflow as tf

model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="ones")])
optimizer = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1))
x = tf.ones((2, 2))
with tf.GradientTape() as tape:
    loss = tf.reduce_mean(model(x))
    scaled_loss = optimizer.get_scaled_loss(loss)  # EXPECT
scaled_gradients = tape.gradient(scaled_loss, model.trainable_variables)
gradients = optimizer.get_unscaled_gradients(scaled_gradients)  # EXPECT
optimizer.apply_gradients(zip(gradients, model.trainable_variables))
print(model.get_weights()[0].ravel().round(4).tolist())
