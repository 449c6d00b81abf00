"""The fix: declare the particle dimension as unknown so one graph serves every scene."""

import tensorflow as tf


def main():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(3)])
    optimizer = tf.keras.optimizers.Adam(1e-3)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None, 3], tf.float32)])
    def train(positions, velocities):
        with tf.GradientTape() as tape:
            predicted = model(positions)
            loss = tf.reduce_mean(tf.square(predicted - velocities))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    for num_particles in (120, 95, 143, 110, 87, 131):
        positions = tf.random.normal([num_particles, 3])
        velocities = tf.random.normal([num_particles, 3])
        print("loss", float(train(positions, velocities)))


main()
