import tensorflow as tf

sequences = [[1, 2, 3], [2], [1, 2, 3, 4], [1, 1]]
rt = tf.ragged.constant(sequences)
ds = tf.data.Dataset.from_tensor_slices(rt)
# Batch the ragged elements as ragged, then pad each batch to a dense tensor.
ds = ds.ragged_batch(2).map(lambda b: b.to_tensor())

for batch in ds:
    print("batch", batch.numpy().tolist())
