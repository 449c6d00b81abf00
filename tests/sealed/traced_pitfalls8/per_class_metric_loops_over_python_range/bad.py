# SOURCE: https://lukewood.xyz/blog/to-unroll-or-to-not-unroll/
# SYMPTOM: number "[graph nodes]" >= 2000
# DESCRIPTION: a per-class metric loops over a Python range of the class count inside a tf.function, so the loop body is unrolled into the graph once per class
"""Per-class recall computed inside a compiled metric update."""

import tensorflow as tf

NUM_CLASSES = 300


@tf.function
def per_class_recall(y_true, y_pred):
    recalls = tf.TensorArray(tf.float32, size=NUM_CLASSES)
    for class_id in range(NUM_CLASSES):  # EXPECT: graph-bloat/python-range-loop-unrolled
        relevant = tf.equal(y_true, class_id)
        hits = tf.logical_and(relevant, tf.equal(y_pred, class_id))
        count = tf.reduce_sum(tf.cast(relevant, tf.float32))
        recall = tf.reduce_sum(tf.cast(hits, tf.float32)) / tf.maximum(count, 1.0)
        recalls = recalls.write(class_id, recall)
    return recalls.stack()


y_true = tf.random.uniform((64,), maxval=NUM_CLASSES, dtype=tf.int32)
y_pred = tf.random.uniform((64,), maxval=NUM_CLASSES, dtype=tf.int32)
graph = per_class_recall.get_concrete_function(y_true, y_pred).graph
print("[graph nodes]", len(graph.as_graph_def().node))
print(per_class_recall(y_true, y_pred)[:5])
