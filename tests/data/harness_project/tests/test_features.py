import tensorflow as tf

from tinyproj import features


def test_embeddings_of_every_length(record):
    vectors = [features.embed(tf.range(n) % 10) for n in range(2, 7)]
    record("embeddings", [v.numpy().tolist() for v in vectors])
    assert all(v.shape == (4,) for v in vectors)


def test_scores(record):
    vectors = [tf.fill([16], float(i) / 10.0) for i in range(30)]
    scores = [float(features.score(v)) for v in vectors]
    record("scores", scores)
    assert len(set(scores)) > 1
