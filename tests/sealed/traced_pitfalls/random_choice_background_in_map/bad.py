# SOURCE: https://github.com/hyperconnect/TC-ResNet/pull/1
# SYMPTOM: distinct "mixed" < 2
# DESCRIPTION: Python's random.choice picks a background clip inside a function given to Dataset.map; it is evaluated once, while tracing, so every clip gets the same background
"""Mixing background noise into keyword-spotting audio clips in a tf.data pipeline."""

import random

import tensorflow as tf

num_audios = 10
audio_dataset = tf.data.Dataset.from_tensor_slices([0]).repeat(num_audios)
background_data = [tf.constant(data) for data in range(6)]

mixed = audio_dataset.map(lambda audio: audio + random.choice(background_data))  # EXPECT: graph-incompatible/python-random-in-traced-code
for value in mixed:
    print("mixed", int(value))
