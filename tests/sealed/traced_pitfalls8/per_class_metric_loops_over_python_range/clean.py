"""The fix: loop over tf.range, which AutoGraph turns into a single tf.while_loop."""

import tensorflow as tf

NUM_CLASSES = 300


@tf.function
def per_class_recall(y_true, y_pred):
    recalls = tf.TensorArray(tf.float32, size=NUM_CLASSES)
    for class_id in tf.range(NUM_CLASSES):
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
