# SOURCE: https://github.com/ryfeus/lambda-packs/issues/58
# SYMPTOM: traces >= 6
# DESCRIPTION: a benchmark helper defines its decorated graph-mode runner inside the function it calls for every repetition, so each call builds and traces a new function instead of reusing one graph
"""Timing a model's inference in graph mode over several repetitions."""

import timeit

import tensorflow as tf

model = tf.keras.Sequential([tf.keras.Input((32,)), tf.keras.layers.Dense(64), tf.keras.layers.Dense(8)])
inputs = tf.random.normal((4, 32))


def run_with_tf_optimizations(model, inputs):
    @tf.function  # EXPECT: retracing/tf-function-defined-per-call
    def run_in_graph_mode():
        return model(inputs, training=False)

    return run_in_graph_mode()


for repeat in range(6):
    seconds = timeit.timeit(lambda: run_with_tf_optimizations(model, inputs), number=1)
print("done", seconds > 0)
