"""The fix: TF2 dropped tf.app.flags; define the options with absl.flags (what tf.app.flags
wrapped) and read them from absl's FLAGS."""

import sys

from absl import flags

FLAGS = flags.FLAGS
flags.DEFINE_string("dataset", "cifar10", "cifar10 or cifar100.")
flags.DEFINE_integer("num_gpus", 0, "Number of gpus used for training.")


def main(argv):
    print("[dataset]", FLAGS.dataset, "[gpus]", FLAGS.num_gpus)


FLAGS(sys.argv[:1])
main(sys.argv[:1])
