# SOURCE: https://github.com/tensorflow/tensorflow/issues/37409
# SYMPTOM: raises OperatorNotAllowedInGraphError
# DESCRIPTION: a compiled CSV-line parser unpacks the result of tf.strings.split into three Python names, which iterates over a symbolic tensor while the function is traced
"""Parses comma-separated records with a compiled function."""

import tensorflow as tf


@tf.function
def parse_record(line):
    label, score, text = tf.strings.split(line, sep=",")  # EXPECT: graph-incompatible/tensor-unpacked-in-traced-code
    return tf.strings.to_number(label), tf.strings.to_number(score), text


for line in [b"0,2.5,hello", b"1,3.0,world"]:
    label, score, text = parse_record(tf.constant(line))
    print("record", float(label), float(score), text.numpy().decode())
