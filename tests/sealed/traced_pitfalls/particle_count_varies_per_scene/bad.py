# SOURCE: https://github.com/isl-org/DeepLagrangianFluids/issues/28
# SYMPTOM: traces >= 5
# DESCRIPTION: a fluid-simulation training step defined inside main is traced for every scene because each scene has a different number of particles
"""Training a particle-based fluid model on scenes with different particle counts."""

import tensorflow as tf


def main():
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(16, activation="relu"), tf.keras.layers.Dense(3)])
    optimizer = tf.keras.optimizers.Adam(1e-3)

    @tf.function
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
        print("loss", float(train(positions, velocities)))  # EXPECT: retracing/shape-varies-between-calls


main()
