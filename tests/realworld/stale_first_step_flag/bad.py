# SOURCE: https://github.com/huggingface/transformers/issues/12376
# SYMPTOM: distinct "layers" < 2
"""The proposed `self.step_0` flag is read at trace time, so it never skips a layer."""

import tensorflow as tf


class Decoder(tf.Module):
    def __init__(self):
        self.step_0 = True

    @tf.function
    def __call__(self, x):
        if not self.step_0:  # EXPECT: TF602
            return x
        return x * 2.0


decoder = Decoder()
for _ in range(3):
    print("layers", float(decoder(tf.constant(1.0))))
    decoder.step_0 = False
