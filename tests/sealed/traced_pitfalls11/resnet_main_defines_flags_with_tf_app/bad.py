# SOURCE: https://github.com/tensorflow/tensorflow/issues/57962
# SYMPTOM: raises AttributeError
# DESCRIPTION: a ResNet training entry point from the TF1 models era defines its command-line options with tf.app.flags and reads FLAGS = tf.app.flags.FLAGS; tf.app (and tf.flags) were removed in TF2 in favour of absl, so the script fails at module level under TF 2.9+
"""Entry point of a small ResNet training script."""

import sys

import tensorflow as tf

FLAGS = tf.app.flags.FLAGS  # EXPECT: tf1-api/tf-app-flags
tf.app.flags.DEFINE_string("dataset", "cifar10", "cifar10 or cifar100.")
tf.app.flags.DEFINE_integer("num_gpus", 0, "Number of gpus used for training.")


def main(argv):
    print("[dataset]", FLAGS.dataset, "[gpus]", FLAGS.num_gpus)


FLAGS(sys.argv[:1])
main(sys.argv[:1])
