"""The fix: the split result is indexed, which works on a symbolic tensor."""

import tensorflow as tf


@tf.function
def parse_record(line):
    fields = tf.strings.split(line, sep=",")
    label, score, text = fields[0], fields[1], fields[2]
    return tf.strings.to_number(label), tf.strings.to_number(score), text


for line in [b"0,2.5,hello", b"1,3.0,world"]:
    label, score, text = parse_record(tf.constant(line))
    print("record", float(label), float(score), text.numpy().decode())
