# SOURCE: https://github.com/keras-team/keras/issues/23238
# SYMPTOM: raises AttributeError
# DESCRIPTION: a siamese text matcher reuses one embedding encoder for both inputs and builds a feature extractor for the second branch with layer.get_output_at(1); Keras 3 removed get_output_at/get_input_at, so the tensors returned when the layer was called must be kept instead
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

candidate_features = keras.Model(candidate, encoder.get_output_at(1))  # EXPECT: keras3/removed-get-output-at
print("candidate features", candidate_features.predict(c, verbose=0).shape)
