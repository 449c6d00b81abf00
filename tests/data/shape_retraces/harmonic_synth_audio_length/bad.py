# SOURCE: https://github.com/magenta/ddsp/issues/33
# SYMPTOM: traces >= 4
"""A harmonic synthesizer run on clips of different lengths."""

import tensorflow as tf

SAMPLE_RATE = 800.0
HOP = 8


@tf.function  # EXPECT: retracing/shape-varies-between-calls
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
