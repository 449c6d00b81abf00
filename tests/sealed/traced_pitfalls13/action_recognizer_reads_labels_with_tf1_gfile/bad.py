# SOURCE: https://github.com/LZQthePlane/Online-Realtime-Action-Recognition-based-on-OpenPose/issues/83
# SYMPTOM: raises AttributeError
# DESCRIPTION: a real-time action recognizer reads its label file through tf.gfile.GFile, the TF1 module that TensorFlow 2 moved to tf.io.gfile
import os
import tempfile

import numpy as np
import tensorflow as tf

label_path = os.path.join(tempfile.mkdtemp(), "actions.txt")
with open(label_path, "w") as handle:
    handle.write("stand\nwalk\nrun\nwave\n")


def load_labels(path):
    with tf.gfile.GFile(path, "r") as f:  # EXPECT: tf1-api/gfile
        return [line.strip() for line in f.readlines() if line.strip()]


labels = load_labels(label_path)
scores = tf.nn.softmax(tf.constant(np.random.default_rng(15).random((1, len(labels))), tf.float32))
print("action", labels[int(tf.argmax(scores, axis=-1)[0])])
