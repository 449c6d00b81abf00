# SOURCE: https://github.com/tensorflow/tensorflow/issues/29252
# SYMPTOM: raises AttributeError
# DESCRIPTION: an image-segmentation input function ported from TF1 builds a shuffled, repeated, mapped and batched dataset and returns dataset.make_one_shot_iterator(); TF2 datasets no longer have the TF1 iterator constructors (they are iterated directly or with iter()), so the input function fails
"""Input pipeline for an unsupervised segmentation model trained on image files."""

import tensorflow as tf

batch_size = 4


def get_filenames():
    return ["img_%03d.png" % i for i in range(32)]


def parse_image(filename):
    # stand-in for decoding the file: a deterministic image derived from the name
    seed = tf.strings.to_hash_bucket_fast(filename, 1000)
    value = tf.cast(seed, tf.float32) / 1000.0
    return tf.fill([16, 16, 3], value)


def input_data():
    filenames = get_filenames()
    print(len(filenames))
    train_dataset = tf.data.Dataset.from_tensor_slices(filenames)
    train_dataset = train_dataset.shuffle(100).repeat()
    train_dataset = train_dataset.map(parse_image, num_parallel_calls=4).batch(batch_size)
    return train_dataset.make_one_shot_iterator()  # EXPECT: tf1-api/dataset-make-one-shot-iterator


iterator = input_data()
images = next(iterator)
print("[batch]", images.shape)
