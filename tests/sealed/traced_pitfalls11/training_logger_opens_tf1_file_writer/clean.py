"""The fix: use the TF2 summary API: tf.summary.create_file_writer, and a summary op under the
writer's as_default() context (tf.summary.write here; tf.summary.scalar where TensorBoard is
installed)."""

import tempfile

import tensorflow as tf


class Logger(object):
    def __init__(self, logdir):
        """Create a summary writer logging to logdir."""
        self.writer = tf.summary.create_file_writer(logdir)

    def scalar_summary(self, tag, value, step):
        """Log a scalar variable."""
        with self.writer.as_default():
            tf.summary.write(tag, tf.constant(value), step=step)
        self.writer.flush()


logger = Logger(tempfile.mkdtemp())
for step, loss in enumerate([0.9, 0.7, 0.55]):
    logger.scalar_summary("loss", loss, step)
print("[logged]", 3)
