"""Valid TF2 code: a positional call, by TF2's signature, of every name tf_upgrade_v2's tables
list whose TF1 signature differs (tests/test_fix_differential.py checks the list is complete,
that tf2lint's tf1-api rules say nothing here and that `--fix --unsafe-fixes` changes nothing,
and runs every case before and after under TensorFlow)."""

import os

import tensorflow as tf


def square(v):
    return v * v


def cases(workdir):
    m = tf.constant([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
    ids = tf.constant([[0, 1], [1, 2]], dtype=tf.int64)
    img = tf.reshape(tf.range(1.0, 65.0), [2, 4, 4, 2])
    sp = tf.sparse.SparseTensor([[0, 0], [1, 2]], [1.0, 2.0], [2, 3])
    sp_ids = tf.sparse.SparseTensor([[0, 0], [1, 0]], tf.constant([0, 2], tf.int64), [2, 1])
    params = tf.reshape(tf.range(6.0), [3, 2])
    logits = tf.constant([[0.5, 1.5, 0.1], [2.0, 0.2, 0.3]])
    labels = tf.constant([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    example = tf.train.Example(
        features=tf.train.Features(
            feature={"a": tf.train.Feature(int64_list=tf.train.Int64List(value=[7]))}
        )
    ).SerializeToString()
    features = {"a": tf.io.FixedLenFeature([1], tf.int64)}
    sampled = (
        tf.constant([0, 2], tf.int64),
        tf.constant([[0.5], [0.5]]),
        tf.constant([0.5, 0.5]),
    )
    vocabulary = os.path.join(workdir, "vocabulary.txt")
    with open(vocabulary, "w") as handle:
        handle.write("a\nb\nc\n")
    writer = tf.summary.create_file_writer(os.path.join(workdir, "logs"))

    def with_device():
        with tf.device("/CPU:0"):
            return tf.identity(m)

    def with_name_scope():
        with tf.name_scope("block"):
            return tf.identity(m)

    @tf.function
    def gradients(v):
        return tf.gradients(square(v), v, None, "grads", False)

    @tf.function
    def hessians(v):
        return tf.hessians(tf.reduce_sum(square(v)), v, False)

    def summary(write):
        with writer.as_default():
            return write()

    def saved_model():
        module = tf.Module()
        module.v = tf.Variable(3.0)
        path = os.path.join(workdir, "saved")
        tf.saved_model.save(module, path)
        return tf.saved_model.load(path, None).v

    def assert_graph_defs():
        graph = tf.Graph().as_graph_def()
        return tf.test.assert_equal_graph_def(graph, graph)

    return {
        # argument order
        "tf.argmax": lambda: tf.argmax(m, 1, tf.int32),
        "tf.argmin": lambda: tf.argmin(m, 1, tf.int32),
        "tf.math.argmax": lambda: tf.math.argmax(m, 1, tf.int32),
        "tf.math.argmin": lambda: tf.math.argmin(m, 1, tf.int32),
        "tf.batch_to_space": lambda: tf.batch_to_space(
            tf.reshape(tf.range(4.0), [4, 1, 1, 1]), [2, 2], [[0, 0], [0, 0]]
        ),
        "tf.boolean_mask": lambda: tf.boolean_mask(m, [True, False], 0),
        "tf.cond": lambda: tf.cond(tf.constant(True), lambda: m, lambda: -m, "choose"),
        "tf.constant": lambda: tf.constant(1.0, tf.float32, [2], "c"),
        "tf.convert_to_tensor": lambda: tf.convert_to_tensor(1, tf.int64, None, "c"),
        "tf.expand_dims": lambda: tf.expand_dims(m, 0, "e"),
        "tf.gather_nd": lambda: tf.gather_nd(m, [[0, 1]], 0),
        "tf.gradients": lambda: gradients(tf.constant(3.0)),
        "tf.hessians": lambda: hessians(tf.constant([1.0, 2.0])),
        "tf.pad": lambda: tf.pad(m, [[1, 1], [0, 0]], "CONSTANT", 1),
        "tf.reverse_sequence": lambda: tf.reverse_sequence(m, [1, 2], 1, 0, "r"),
        "tf.shape": lambda: tf.shape(m, tf.int64),
        "tf.size": lambda: tf.size(m, tf.int64),
        "tf.space_to_batch": lambda: tf.space_to_batch(
            tf.reshape(tf.range(4.0), [1, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]
        ),
        "tf.squeeze": lambda: tf.squeeze(tf.ones([1, 2]), [0], "s"),
        "tf.transpose": lambda: tf.transpose(m, [1, 0], False),
        "tf.tuple": lambda: tf.tuple([m], None),
        "tf.where": lambda: tf.where([[True], [False]], tf.ones([2, 2]), tf.zeros([2, 2])),
        "tf.while_loop": lambda: tf.while_loop(
            lambda i: i < 100, lambda i: [i + 1], [0], None, 10, True, False, 5
        ),
        "tf.ones_like": lambda: tf.ones_like(m),
        "tf.zeros_like": lambda: tf.zeros_like(m),
        "tf.device": with_device,
        "tf.name_scope": with_name_scope,
        "tf.autograph.to_code": lambda: "return" in tf.autograph.to_code(square, True, None),
        "tf.autograph.to_graph": lambda: tf.autograph.to_graph(square, True, None)(m),
        "tf.data.Iterator": lambda: isinstance(iter(tf.data.Dataset.range(2)), tf.data.Iterator),
        # reductions and norms
        "tf.reduce_all": lambda: tf.reduce_all(m > 2, 1, True, "r"),
        "tf.reduce_any": lambda: tf.reduce_any(m > 2, 1, True, "r"),
        "tf.reduce_logsumexp": lambda: tf.reduce_logsumexp(m, 1, True, "r"),
        "tf.reduce_max": lambda: tf.reduce_max(m, 1, True, "r"),
        "tf.reduce_mean": lambda: tf.reduce_mean(m, 1, True, "r"),
        "tf.reduce_min": lambda: tf.reduce_min(m, 1, True, "r"),
        "tf.reduce_prod": lambda: tf.reduce_prod(m, 1, True, "r"),
        "tf.reduce_sum": lambda: tf.reduce_sum(m, 1, True, "r"),
        "tf.math.reduce_all": lambda: tf.math.reduce_all(m > 2, 1, True, "r"),
        "tf.math.reduce_any": lambda: tf.math.reduce_any(m > 2, 1, True, "r"),
        "tf.math.reduce_logsumexp": lambda: tf.math.reduce_logsumexp(m, 1, True, "r"),
        "tf.math.reduce_max": lambda: tf.math.reduce_max(m, 1, True, "r"),
        "tf.math.reduce_mean": lambda: tf.math.reduce_mean(m, 1, True, "r"),
        "tf.math.reduce_min": lambda: tf.math.reduce_min(m, 1, True, "r"),
        "tf.math.reduce_prod": lambda: tf.math.reduce_prod(m, 1, True, "r"),
        "tf.math.reduce_sum": lambda: tf.math.reduce_sum(m, 1, True, "r"),
        "tf.math.count_nonzero": lambda: tf.math.count_nonzero(m, 1),
        "tf.norm": lambda: tf.norm(m, "euclidean", 1, True, "n"),
        "tf.linalg.norm": lambda: tf.linalg.norm(m, "euclidean", 1, True, "n"),
        "tf.math.confusion_matrix": lambda: tf.math.confusion_matrix([0, 1], [1, 1], 2, None),
        "tf.math.in_top_k": lambda: tf.math.in_top_k([2, 0], m, 1),
        "tf.nn.in_top_k": lambda: tf.nn.in_top_k([2, 0], m, 1),
        "tf.math.softmax": lambda: tf.math.softmax(m, 1, "s"),
        "tf.math.log_softmax": lambda: tf.math.log_softmax(m, 1, "s"),
        "tf.nn.softmax": lambda: tf.nn.softmax(m, 1, "s"),
        "tf.nn.log_softmax": lambda: tf.nn.log_softmax(m, 1, "s"),
        # assertions
        "tf.assert_equal": lambda: tf.assert_equal(m, m, "message"),
        "tf.assert_greater": lambda: tf.assert_greater(m + 1, m, "message"),
        "tf.assert_less": lambda: tf.assert_less(m, m + 1, "message"),
        "tf.assert_rank": lambda: tf.assert_rank(m, 2, "message"),
        "tf.debugging.assert_all_finite": lambda: tf.debugging.assert_all_finite(m, "message"),
        "tf.debugging.assert_equal": lambda: tf.debugging.assert_equal(m, m, "message", 3),
        "tf.debugging.assert_greater": lambda: tf.debugging.assert_greater(m + 1, m, "message"),
        "tf.debugging.assert_greater_equal": lambda: tf.debugging.assert_greater_equal(
            m, m, "message"
        ),
        "tf.debugging.assert_less": lambda: tf.debugging.assert_less(m, m + 1, "message"),
        "tf.debugging.assert_less_equal": lambda: tf.debugging.assert_less_equal(m, m, "message"),
        "tf.debugging.assert_near": lambda: tf.debugging.assert_near(m, m, 1e-6, 1e-6, "message"),
        "tf.debugging.assert_negative": lambda: tf.debugging.assert_negative(-m, "message"),
        "tf.debugging.assert_non_negative": lambda: tf.debugging.assert_non_negative(m, "message"),
        "tf.debugging.assert_non_positive": lambda: tf.debugging.assert_non_positive(-m, "message"),
        "tf.debugging.assert_none_equal": lambda: tf.debugging.assert_none_equal(m, m + 1, 3),
        "tf.debugging.assert_positive": lambda: tf.debugging.assert_positive(m, "message"),
        "tf.debugging.assert_rank": lambda: tf.debugging.assert_rank(m, 2, "message"),
        "tf.debugging.assert_rank_at_least": lambda: tf.debugging.assert_rank_at_least(
            m, 1, "message"
        ),
        "tf.debugging.assert_rank_in": lambda: tf.debugging.assert_rank_in(m, [1, 2], "message"),
        "tf.debugging.assert_scalar": lambda: tf.debugging.assert_scalar(tf.constant(1), "message"),
        "tf.test.assert_equal_graph_def": assert_graph_defs,
        "tf.test.compute_gradient": lambda: tf.test.compute_gradient(
            tf.square, [tf.constant([1.0, 2.0])], 1e-3
        ),
        # initializers
        "tf.constant_initializer": lambda: tf.constant_initializer(2.0, False),
        "tf.zeros_initializer": lambda: tf.zeros_initializer(),
        "tf.ones_initializer": lambda: tf.ones_initializer(),
        "tf.random_normal_initializer": lambda: tf.random_normal_initializer(0.0, 1.0, 1),
        "tf.random_uniform_initializer": lambda: tf.random_uniform_initializer(0.0, 1.0, 1),
        "tf.initializers.constant": lambda: tf.initializers.constant(2.0),
        "tf.initializers.glorot_normal": lambda: tf.initializers.glorot_normal(1, None),
        "tf.initializers.glorot_uniform": lambda: tf.initializers.glorot_uniform(1, None),
        "tf.initializers.he_normal": lambda: tf.initializers.he_normal(1, None),
        "tf.initializers.he_uniform": lambda: tf.initializers.he_uniform(1, None),
        "tf.initializers.identity": lambda: tf.initializers.identity(1.0),
        "tf.initializers.lecun_normal": lambda: tf.initializers.lecun_normal(1, None),
        "tf.initializers.lecun_uniform": lambda: tf.initializers.lecun_uniform(1, None),
        "tf.initializers.ones": lambda: tf.initializers.ones(),
        "tf.initializers.orthogonal": lambda: tf.initializers.orthogonal(1.0, 1),
        "tf.initializers.random_normal": lambda: tf.initializers.random_normal(0.0, 1.0, 1),
        "tf.initializers.random_uniform": lambda: tf.initializers.random_uniform(0.0, 1.0, 1),
        "tf.initializers.truncated_normal": lambda: tf.initializers.truncated_normal(0.0, 1.0, 1),
        "tf.initializers.variance_scaling": lambda: tf.initializers.variance_scaling(
            1.0, "fan_in", "truncated_normal", 1, None
        ),
        "tf.initializers.zeros": lambda: tf.initializers.zeros(),
        # images and convolutions
        "tf.image.crop_and_resize": lambda: tf.image.crop_and_resize(
            img, [[0.0, 0.0, 1.0, 1.0]], [0], [2, 2]
        ),
        "tf.image.extract_glimpse": lambda: tf.image.extract_glimpse(
            img, [2, 2], [[0.0, 0.0], [0.0, 0.0]], True, True, "zero"
        ),
        "tf.image.resize": lambda: tf.image.resize(img, [2, 2], "bilinear", False),
        "tf.image.sample_distorted_bounding_box": lambda: tf.image.sample_distorted_bounding_box(
            [4, 4, 2], [[[0.0, 0.0, 1.0, 1.0]]], 1, 0.1
        ),
        "tf.nn.avg_pool": lambda: tf.nn.avg_pool(img, 2, 2, "VALID"),
        "tf.nn.avg_pool2d": lambda: tf.nn.avg_pool2d(img, 2, 2, "VALID"),
        "tf.nn.max_pool": lambda: tf.nn.max_pool(img, 2, 2, "VALID"),
        "tf.nn.max_pool_with_argmax": lambda: tf.nn.max_pool_with_argmax(
            img, 2, 2, "VALID", "NHWC", tf.int64
        ),
        "tf.nn.pool": lambda: tf.nn.pool(img, [2, 2], "MAX", None, "SAME"),
        "tf.nn.fractional_avg_pool": lambda: tf.nn.fractional_avg_pool(
            img, [1.0, 1.5, 1.5, 1.0], False, False, 1
        ),
        "tf.nn.fractional_max_pool": lambda: tf.nn.fractional_max_pool(
            img, [1.0, 1.5, 1.5, 1.0], False, False, 1
        ),
        "tf.nn.conv1d": lambda: tf.nn.conv1d(tf.ones([1, 5, 2]), tf.ones([2, 2, 3]), 1, "SAME"),
        "tf.nn.conv2d": lambda: tf.nn.conv2d(img, tf.ones([2, 2, 2, 3]), 1, "SAME", "NHWC"),
        "tf.nn.conv2d_transpose": lambda: tf.nn.conv2d_transpose(
            img, tf.ones([2, 2, 3, 2]), [2, 8, 8, 3], 2, "SAME"
        ),
        "tf.nn.conv3d": lambda: tf.nn.conv3d(
            tf.ones([1, 2, 2, 2, 1]), tf.ones([1, 1, 1, 1, 2]), [1, 1, 1, 1, 1], "SAME"
        ),
        "tf.nn.conv3d_transpose": lambda: tf.nn.conv3d_transpose(
            tf.ones([1, 2, 2, 2, 1]),
            tf.ones([1, 1, 1, 2, 1]),
            [1, 2, 2, 2, 2],
            [1, 1, 1, 1, 1],
            "SAME",
        ),
        "tf.nn.convolution": lambda: tf.nn.convolution(
            img, tf.ones([2, 2, 2, 3]), None, "SAME", "NHWC"
        ),
        "tf.nn.depthwise_conv2d": lambda: tf.nn.depthwise_conv2d(
            img, tf.ones([2, 2, 2, 1]), [1, 1, 1, 1], "SAME", "NHWC", None
        ),
        "tf.nn.separable_conv2d": lambda: tf.nn.separable_conv2d(
            img, tf.ones([2, 2, 2, 1]), tf.ones([1, 1, 2, 3]), [1, 1, 1, 1], "SAME", "NHWC", None
        ),
        "tf.nn.dilation2d": lambda: tf.nn.dilation2d(
            img, tf.zeros([2, 2, 2]), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]
        ),
        "tf.nn.erosion2d": lambda: tf.nn.erosion2d(
            img, tf.zeros([2, 2, 2]), [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]
        ),
        "tf.nn.depth_to_space": lambda: tf.nn.depth_to_space(tf.ones([1, 1, 1, 4]), 2, "NHWC"),
        "tf.nn.space_to_depth": lambda: tf.nn.space_to_depth(tf.ones([1, 2, 2, 1]), 2, "NHWC"),
        "tf.nn.space_to_batch": lambda: tf.nn.space_to_batch(
            tf.reshape(tf.range(4.0), [1, 2, 2, 1]), [2, 2], [[0, 0], [0, 0]]
        ),
        "tf.nn.batch_norm_with_global_normalization": lambda: (
            tf.nn.batch_norm_with_global_normalization(
                img, tf.zeros([2]), tf.ones([2]), tf.zeros([2]), tf.ones([2]), 1e-3, True
            )
        ),
        # losses, statistics, embeddings
        "tf.nn.crelu": lambda: tf.nn.crelu(m, -1),
        "tf.nn.dropout": lambda: tf.nn.dropout(m, 0.1, None, 1),
        "tf.nn.moments": lambda: tf.nn.moments(m, [0], None, True),
        "tf.nn.sufficient_statistics": lambda: tf.nn.sufficient_statistics(m, [0], None, True),
        "tf.nn.weighted_moments": lambda: tf.nn.weighted_moments(m, [0], tf.ones_like(m), True),
        "tf.nn.softmax_cross_entropy_with_logits": lambda: tf.nn.softmax_cross_entropy_with_logits(
            labels, logits, -1
        ),
        "tf.nn.weighted_cross_entropy_with_logits": lambda: (
            tf.nn.weighted_cross_entropy_with_logits(labels, logits, 2.0, "w")
        ),
        "tf.nn.ctc_loss": lambda: tf.nn.ctc_loss([[1]], tf.zeros([2, 1, 3]), [1], [2]),
        "tf.nn.ctc_beam_search_decoder": lambda: tf.nn.ctc_beam_search_decoder(
            tf.reshape(tf.range(9.0), [3, 1, 3]), [3], 2, 1
        ),
        "tf.nn.nce_loss": lambda: tf.nn.nce_loss(
            tf.ones([3, 2]),
            tf.zeros([3]),
            ids[:, :1],
            tf.ones([2, 2]),
            2,
            3,
            1,
            sampled,
            True,
            "nce",
        ),
        "tf.nn.sampled_softmax_loss": lambda: tf.nn.sampled_softmax_loss(
            tf.ones([3, 2]),
            tf.zeros([3]),
            ids[:, :1],
            tf.ones([2, 2]),
            2,
            3,
            1,
            sampled,
            True,
            1,
            "s",
        ),
        "tf.nn.embedding_lookup": lambda: tf.nn.embedding_lookup(params, [0, 2], 1.0),
        "tf.nn.embedding_lookup_sparse": lambda: tf.nn.embedding_lookup_sparse(
            params, sp_ids, None, "sum"
        ),
        "tf.nn.safe_embedding_lookup_sparse": lambda: tf.nn.safe_embedding_lookup_sparse(
            params, sp_ids, None, "sum", None, None
        ),
        "tf.random.poisson": lambda: tf.random.poisson([2], [1.0, 2.0], tf.float32, 1),
        # input, strings, sparse
        "tf.io.decode_csv": lambda: tf.io.decode_csv(["1,2"], [[0], [0]], ",", True, ""),
        "tf.io.decode_raw": lambda: tf.io.decode_raw(tf.constant([b"ab"]), tf.uint8, True, 2),
        "tf.io.parse_example": lambda: tf.io.parse_example([example], features, None),
        "tf.io.parse_single_example": lambda: tf.io.parse_single_example(example, features, None),
        "tf.io.serialize_many_sparse": lambda: tf.io.serialize_many_sparse(sp, tf.string),
        "tf.io.serialize_sparse": lambda: tf.io.serialize_sparse(sp, tf.string),
        "tf.feature_column.categorical_column_with_vocabulary_file": lambda: (
            tf.feature_column.categorical_column_with_vocabulary_file("k", vocabulary, 3, tf.string)
        ),
        "tf.strings.length": lambda: tf.strings.length(["ab"], "UTF8_CHAR"),
        "tf.strings.reduce_join": lambda: tf.strings.reduce_join(["a", "b"], 0, False),
        "tf.strings.split": lambda: tf.strings.split(["a b"], " ", -1, "s"),
        "tf.strings.substr": lambda: tf.strings.substr(["hello"], 1, 2, "BYTE"),
        "tf.strings.to_hash_bucket": lambda: tf.strings.to_hash_bucket(["a"], 10),
        "tf.strings.to_number": lambda: tf.strings.to_number(["1.5"], tf.float32),
        "tf.sparse.add": lambda: tf.sparse.add(sp, sp, 0),
        "tf.sparse.concat": lambda: tf.sparse.concat(1, [sp, sp], False),
        "tf.sparse.reduce_max": lambda: tf.sparse.reduce_max(sp, 1, True, False),
        "tf.sparse.reduce_sum": lambda: tf.sparse.reduce_sum(sp, 1, True, False),
        "tf.sparse.segment_mean": lambda: tf.sparse.segment_mean(m, [0, 1], [0, 0], 1),
        "tf.sparse.segment_sqrt_n": lambda: tf.sparse.segment_sqrt_n(m, [0, 1], [0, 0], 1),
        "tf.sparse.segment_sum": lambda: tf.sparse.segment_sum(m, [0, 1], [0, 0], 1),
        "tf.sparse.split": lambda: tf.sparse.split(sp, 3, 1),
        # summaries and saved models
        "tf.summary.audio": lambda: summary(
            lambda: tf.summary.audio("a", tf.zeros([1, 8, 1]), 8000, 1)
        ),
        "tf.summary.histogram": lambda: summary(lambda: tf.summary.histogram("h", m, 1)),
        "tf.summary.image": lambda: summary(
            lambda: tf.summary.image("i", tf.zeros([1, 2, 2, 1]), 1)
        ),
        "tf.summary.scalar": lambda: summary(lambda: tf.summary.scalar("s", 1.0, 1)),
        "tf.summary.text": lambda: summary(lambda: tf.summary.text("t", "hello", 1)),
        "tf.saved_model.load": saved_model,
    }
