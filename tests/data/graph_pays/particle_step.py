"""A small physics simulation: one velocity-Verlet step of a few particles per iteration."""

import tensorflow as tf

PAYS = ["verlet_step"]


def forces(positions):
    delta = positions[:, None, :] - positions[None, :, :]
    distance = tf.sqrt(tf.reduce_sum(delta**2, axis=-1) + 0.1)
    return tf.reduce_sum(delta / distance[:, :, None] ** 3, axis=1)


def verlet_step(positions, velocities, dt):
    accelerations = forces(positions)
    positions = positions + velocities * dt + 0.5 * accelerations * dt**2
    velocities = velocities + 0.5 * (accelerations + forces(positions)) * dt
    return positions, velocities * 0.999


positions = tf.reshape(tf.range(12, dtype=tf.float32), [6, 2]) / 6.0
velocities = tf.zeros([6, 2])
dt = tf.constant(0.001)
for _ in range(300):
    positions, velocities = verlet_step(positions, velocities, dt)
