# SOURCE: https://github.com/clvrai/Relation-Network-Tensorflow/issues/12
# SYMPTOM: number "graph nodes" >= 2000
# DESCRIPTION: a relation layer pairs every cell of a feature map with every other cell through nested Python loops over positions, so tracing writes one copy of the pair network per pair into the graph
"""A relation-network head over the cells of a small convolutional feature map."""

import tensorflow as tf

D = 4


class RelationHead(tf.keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.g_theta = tf.keras.layers.Dense(8, activation="relu")
        self.f_phi = tf.keras.layers.Dense(2)

    def call(self, conv_4):
        all_g = []
        for i in range(D * D):  # EXPECT: graph-bloat/python-loop-unrolled-in-traced-code
            o_i = conv_4[:, i // D, i % D, :]
            for j in range(D * D):
                o_j = conv_4[:, j // D, j % D, :]
                all_g.append(self.g_theta(tf.concat([o_i, o_j], axis=-1)))
        return self.f_phi(tf.add_n(all_g))


head = RelationHead()
step = tf.function(head)
features = tf.random.normal([2, D, D, 3])
print("logits", step(features).shape)
print("graph nodes", len(step.get_concrete_function(features).graph.as_graph_def().node))
