# SOURCE: https://github.com/TannerGilbert/Tutorials/issues/1
# SYMPTOM: raises InvalidArgumentError
# DESCRIPTION: a book-recommendation tutorial builds its book and user Embedding layers with input_dim set to the maximum id instead of the maximum id + 1, so the largest id is not in the table and the lookup fails on CPU
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
book_id = rng.integers(1, 101, size=256)
user_id = rng.integers(1, 51, size=256)
book_id[0], user_id[0] = 100, 50
rating = rng.integers(1, 6, size=256).astype("float32")

n_books = int(book_id.max())
n_users = int(user_id.max())

book_input = keras.Input(shape=[1], name="Book-Input")
book_embedding = layers.Embedding(n_books, 5, name="Book-Embedding")(book_input)  # EXPECT: api-misuse/embedding-input-dim-below-max-index
book_vec = layers.Flatten(name="Flatten-Books")(book_embedding)
user_input = keras.Input(shape=[1], name="User-Input")
user_embedding = layers.Embedding(n_users, 5, name="User-Embedding")(user_input)  # EXPECT: api-misuse/embedding-input-dim-below-max-index
user_vec = layers.Flatten(name="Flatten-Users")(user_embedding)
prod = layers.Dot(name="Dot-Product", axes=1)([book_vec, user_vec])
model = keras.Model([user_input, book_input], prod)
model.compile("adam", "mean_squared_error")
model.fit([user_id, book_id], rating, epochs=1, batch_size=64, verbose=0)
print("trained")
