# SOURCE: https://github.com/jdonini/cats-and-dogs-classification/issues/3
# SYMPTOM: raises AttributeError
# DESCRIPTION: a training script's TensorBoard logger (utils/logger.py style) opens tf.summary.FileWriter and writes tf.Summary protos with add_summary; TF2 replaced the TF1 summary writer with tf.summary.create_file_writer and tf.summary.scalar, so constructing the logger fails
"""TensorBoard logger used by a small image-classification training loop."""

import tempfile

import tensorflow as tf


class Logger(object):
    def __init__(self, logdir):
        """Create a summary writer logging to logdir."""
        self.writer = tf.summary.FileWriter(logdir)  # EXPECT: tf1-api/tf-summary-filewriter

    def scalar_summary(self, tag, value, step):
        """Log a scalar variable."""
        summary = tf.Summary(value=[tf.Summary.Value(tag=tag, simple_value=value)])
        self.writer.add_summary(summary, step)


logger = Logger(tempfile.mkdtemp())
for step, loss in enumerate([0.9, 0.7, 0.55]):
    logger.scalar_summary("loss", loss, step)
print("[logged]", 3)
