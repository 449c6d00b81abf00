# SOURCE: http://ishangsf.com:8100/ishangsf/rspec/raw/branch/rule/S6549-add-kotlin/rules/S6911/python/rule.adoc
# SYMPTOM: distinct "kept" < 3
"""A closure variable that the enclosing function rebinds after the tf.function was made."""

import tensorflow as tf


def run():
    threshold = 0.5

    @tf.function
    def keep(x):
        return tf.reduce_sum(tf.cast(x > threshold, tf.int32))  # EXPECT: TF601

    for threshold in (0.5, 0.05, 0.95):
        print("kept", int(keep(tf.constant([0.1, 0.6, 0.9]))))


run()
