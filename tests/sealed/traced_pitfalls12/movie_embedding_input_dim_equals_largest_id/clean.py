import numpy as np
import tensorflow as tf

movie_ids = np.arange(1, 21)
actor_ids = np.random.randint(1, 31, size=(20, 5))
actor_ids[0, 0] = 30  # the largest actor id appears in the data
category_ids = np.random.randint(1, 9, size=(20, 3))

movie_id_max = int(movie_ids.max())
actor_max = int(actor_ids.max())
category_max = int(category_ids.max())
embed_dim = 8


def get_movie_layer():
    movie_id = tf.keras.Input(shape=(1,), dtype="int32", name="movie_id")
    actors = tf.keras.Input(shape=(5,), dtype="int32", name="actors")
    categories = tf.keras.Input(shape=(3,), dtype="int32", name="categories")
    movie_embed = tf.keras.layers.Embedding(movie_id_max + 1, embed_dim, name="movie_id_embed_layer")(movie_id)
    actor_embed = tf.keras.layers.Embedding(actor_max + 1, embed_dim, name="movie_actor_embed_layer")(actors)
    category_embed = tf.keras.layers.Embedding(category_max + 1, embed_dim, name="movie_categories_embed_layer")(categories)
    pooled = tf.keras.layers.Concatenate(axis=1)([movie_embed, actor_embed, category_embed])
    flat = tf.keras.layers.Dense(16, activation="tanh")(tf.keras.layers.Flatten()(pooled))
    return tf.keras.Model([movie_id, actors, categories], flat)


movie_layer_model = get_movie_layer()
for item in range(3):
    movie_combine_layer_flat_val = movie_layer_model(
        [np.reshape(movie_ids[item], [1, 1]), actor_ids[item : item + 1], category_ids[item : item + 1]]
    )
    print("movie", item, movie_combine_layer_flat_val.shape)
