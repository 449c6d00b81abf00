"""The number of frames left open in the signature: any clip length, one graph."""

import tensorflow as tf

SAMPLE_RATE = 800.0
HOP = 8


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32), tf.TensorSpec([None], tf.float32)])
def synthesize(amplitudes, frequencies):
    amplitudes = tf.repeat(amplitudes, HOP, axis=0)
    frequencies = tf.repeat(frequencies, HOP, axis=0)
    harmonics = frequencies[:, None] * tf.range(1.0, 4.0)[None, :]
    phases = 2.0 * 3.14159 * tf.cumsum(harmonics / SAMPLE_RATE, axis=0)
    return tf.reduce_sum(amplitudes * tf.sin(phases), axis=1)


for frames in (10, 16, 13, 21, 8):
    amplitudes = tf.fill([frames, 3], 0.2)
    frequencies = 110.0 + tf.range(frames, dtype=tf.float32)
    synthesize(amplitudes, frequencies)
