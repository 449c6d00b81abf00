import numpy as np
import keras
from keras import layers

encoder = layers.Dense(16, activation="tanh", name="shared_encoder")
query = keras.Input((20,), name="query")
candidate = keras.Input((20,), name="candidate")
query_vec = encoder(query)
candidate_vec = encoder(candidate)
score = layers.Dot(axes=1, normalize=True)([query_vec, candidate_vec])
matcher = keras.Model([query, candidate], score)

rng = np.random.default_rng(10)
q = rng.random((6, 20)).astype("float32")
c = rng.random((6, 20)).astype("float32")
print("match scores", matcher.predict([q, c], verbose=0).ravel()[:3])

candidate_features = keras.Model(candidate, candidate_vec)
print("candidate features", candidate_features.predict(c, verbose=0).shape)
