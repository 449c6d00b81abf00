# SOURCE: https://github.com/tensorflow/tensorflow/issues/46685
# SYMPTOM: lines "line" < 3
# DESCRIPTION: a text dataset's map function prints each line with Python's print to inspect the data, but the function is traced once, so a single symbolic tensor is printed instead of every line
"""Parsing a small CSV file with TextLineDataset and checking the lines it reads."""

import os
import sys
import tempfile

import tensorflow as tf

path = os.path.join(tempfile.mkdtemp(), "data.csv")
with open(path, "w") as handle:
    handle.write("1,2.5\n2,3.5\n3,4.5\n")


def parse(line):
    print("line", line)  # EXPECT: side-effect/print-in-traced-code
    fields = tf.strings.split(line, ",")
    return tf.strings.to_number(fields[1])


values = [float(v) for v in tf.data.TextLineDataset(path).map(parse)]
sys.stdout.write(f"values {values}\n")
