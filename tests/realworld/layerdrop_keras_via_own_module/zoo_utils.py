"""The model zoo's own compatibility module, re-exporting Keras (as the reported zoo does)."""

import tensorflow as tf

keras = tf.keras
