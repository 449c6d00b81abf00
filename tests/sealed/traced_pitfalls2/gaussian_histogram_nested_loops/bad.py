# SOURCE: https://github.com/tensorflow/tensorflow/issues/13986
# SYMPTOM: number "graph nodes" >= 2000
# DESCRIPTION: a soft histogram adds one Gaussian term per element and per bin in two nested Python loops inside a traced function, so the graph grows with the product of both sizes and takes long to build
"""A differentiable (soft) histogram of a signal, written with Python loops."""

import tensorflow as tf

LENGTH, BINS = 40, 20


def gaussian(x_box, x_tensor):
    return tf.exp(tf.square(float(x_box) - x_tensor) / -0.02)


@tf.function
def soft_histogram(signal):
    box = [tf.zeros([]) for _ in range(BINS)]
    for i in range(LENGTH):  # EXPECT: graph-bloat/python-loop-unrolled-in-traced-code
        for j in range(BINS):
            box[j] += gaussian(j, signal[i])
    return tf.stack(box)


signal = tf.random.uniform([LENGTH], 0, BINS)
print("histogram", soft_histogram(signal).shape)
print("graph nodes", len(soft_histogram.get_concrete_function(signal).graph.as_graph_def().node))
