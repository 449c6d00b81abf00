"""The fix from the change: draw the background index with a TensorFlow random op."""

import tensorflow as tf

num_audios = 10
audio_dataset = tf.data.Dataset.from_tensor_slices([0]).repeat(num_audios)
background_data = tf.stack([tf.constant(data) for data in range(6)])


def mix_background(audio):
    random_index = tf.random.uniform([], maxval=background_data.shape[0], dtype=tf.int32)
    return audio + tf.gather(background_data, random_index)


for value in audio_dataset.map(mix_background):
    print("mixed", int(value))
