import tensorflow as tf

vocabulary, dim = 50, 8
center_embeddings = tf.Variable(tf.random.uniform([vocabulary, dim], -1.0, 1.0))
context_embeddings = tf.Variable(tf.random.uniform([vocabulary, dim], -1.0, 1.0))
optimizer = tf.keras.optimizers.Adagrad(learning_rate=0.05)

centers = tf.constant([3, 7, 13, 21])
contexts = tf.constant([4, 8, 12, 20])
cooccurrence = tf.constant([2.0, 1.0, 5.0, 3.0])

with tf.GradientTape() as tape:
    embed_in = tf.nn.embedding_lookup(center_embeddings, centers)
    embed_out = tf.nn.embedding_lookup(context_embeddings, contexts)
    dot = tf.reduce_sum(embed_in * embed_out, axis=1)
    loss = tf.reduce_sum(tf.square(dot - tf.math.log(cooccurrence)))
grads = tape.gradient(loss, [center_embeddings, context_embeddings])
optimizer.apply_gradients(zip(grads, [center_embeddings, context_embeddings]))
print("loss", float(loss))
