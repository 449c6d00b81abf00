import tensorflow as tf

data_list = "tensors: A nested structure of tensors, each having the same size in the 0th dimension.".split()
data_tuple = tuple(data_list)
print("list: {}".format(data_list))
print("tuple: {}".format(data_tuple))

ds_t = tf.data.Dataset.from_tensor_slices(list(data_tuple))  # one tensor of strings, not a structure
for word in ds_t.take(3):
    print("word", word.numpy())
