# SOURCE: https://github.com/monarch-initiative/embiggen/issues/124
# SYMPTOM: raises ValueError
# DESCRIPTION: rows looked up from embedding variables before the tape are used as gradient sources; they are unwatched tensors
import tensorflow as tf

vocabulary, dim = 50, 8
center_embeddings = tf.Variable(tf.random.uniform([vocabulary, dim], -1.0, 1.0))
context_embeddings = tf.Variable(tf.random.uniform([vocabulary, dim], -1.0, 1.0))
optimizer = tf.keras.optimizers.Adagrad(learning_rate=0.05)

centers = tf.constant([3, 7, 13, 21])
contexts = tf.constant([4, 8, 12, 20])
cooccurrence = tf.constant([2.0, 1.0, 5.0, 3.0])

embed_in = tf.nn.embedding_lookup(center_embeddings, centers)
embed_out = tf.nn.embedding_lookup(context_embeddings, contexts)
with tf.GradientTape() as tape:
    dot = tf.reduce_sum(embed_in * embed_out, axis=1)
    loss = tf.reduce_sum(tf.square(dot - tf.math.log(cooccurrence)))
grads = tape.gradient(loss, [embed_in, embed_out])  # EXPECT: api-misuse/unwatched-gradient-source
optimizer.apply_gradients(zip(grads, [center_embeddings, context_embeddings]))
print("loss", float(loss))
