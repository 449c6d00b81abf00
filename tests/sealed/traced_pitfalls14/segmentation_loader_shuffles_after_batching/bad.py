# SOURCE: https://github.com/HasnainRaz/SemSegPipeline/issues/5
# SYMPTOM: number "distinct batch compositions" < 5
# DESCRIPTION: a segmentation data loader batches its tf.data pipeline and only then shuffles, so shuffling reorders whole batches and every epoch sees the same fixed groups of images
import numpy as np
import tensorflow as tf


class DataLoader:
    def __init__(self, image_ids, batch_size=4):
        self.image_ids = image_ids
        self.batch_size = batch_size

    def _parse(self, idx):
        image = tf.fill([8, 8, 3], tf.cast(idx, tf.float32))
        mask = tf.fill([8, 8, 1], tf.cast(idx % 2, tf.float32))
        return image, mask, idx

    def data_batch(self, shuffle=True):
        data = tf.data.Dataset.from_tensor_slices(self.image_ids)
        data = data.map(self._parse)
        data = data.batch(self.batch_size)
        if shuffle:
            data = data.shuffle(64)  # EXPECT: api-misuse/shuffle-after-batch
        return data


loader = DataLoader(np.arange(16))
ds = loader.data_batch()
compositions = set()
for epoch in range(6):
    for _, _, ids in ds:
        compositions.add(frozenset(ids.numpy().tolist()))
print("distinct batch compositions", len(compositions))
