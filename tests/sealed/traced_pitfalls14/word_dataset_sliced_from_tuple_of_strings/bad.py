# SOURCE: https://github.com/tensorflow/tensorflow/issues/20481
# SYMPTOM: raises ValueError
# DESCRIPTION: a word dataset is built with Dataset.from_tensor_slices(tuple(words)); tf.data reads a tuple as a structure of separate scalar components rather than one tensor to slice, so slicing fails
import tensorflow as tf

data_list = "tensors: A nested structure of tensors, each having the same size in the 0th dimension.".split()
data_tuple = tuple(data_list)
print("list: {}".format(data_list))
print("tuple: {}".format(data_tuple))

ds_t = tf.data.Dataset.from_tensor_slices(data_tuple)  # EXPECT: api-misuse/tuple-read-as-structure-by-from-tensor-slices
for word in ds_t.take(3):
    print("word", word.numpy())
