# SOURCE: https://github.com/tensorflow/tensorflow/issues/53010
# SYMPTOM: raises TypeError
# DESCRIPTION: a tabular input pipeline parses serialized tf.train.Examples with a fixed-length feature spec and still passes every parsed value through tf.sparse.to_dense to fill missing entries; FixedLenFeature already yields dense tensors and sparse.to_dense accepts only SparseTensors
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(17)
records = []
for i in range(6):
    feature = {
        "age": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.integers(18, 80))])),
        "income": tf.train.Feature(float_list=tf.train.FloatList(value=[float(rng.random() * 1e5)])),
    }
    records.append(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())

feature_spec = {
    "age": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0]),
    "income": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0]),
}


def fill_in_missing(x, default_value=0.0):
    return tf.sparse.to_dense(x, default_value)  # EXPECT: api-misuse/sparse-to-dense-on-dense-tensor


def parse_function(example_proto):
    features = tf.io.parse_single_example(example_proto, feature_spec)
    values = [tf.reshape(fill_in_missing(v), []) for v in features.values()]
    return tf.stack(values, axis=0)


dataset = tf.data.Dataset.from_tensor_slices(records).map(parse_function).batch(3)
for batch in dataset:
    print("batch", batch.shape)
