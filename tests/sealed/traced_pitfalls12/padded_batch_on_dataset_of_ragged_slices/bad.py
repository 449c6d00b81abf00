# SOURCE: https://github.com/tensorflow/tensorflow/issues/36686
# SYMPTOM: raises TypeError
# DESCRIPTION: variable-length sequences are stored as a RaggedTensor, sliced into a dataset and padded with padded_batch, which accepts only dense tensor elements
import tensorflow as tf

sequences = [[1, 2, 3], [2], [1, 2, 3, 4], [1, 1]]
rt = tf.ragged.constant(sequences)
ds = tf.data.Dataset.from_tensor_slices(rt)
ds = ds.padded_batch(2, padded_shapes=[None])  # EXPECT: api-misuse/padded-batch-on-ragged-elements

for batch in ds:
    print("batch", batch.numpy().tolist())
