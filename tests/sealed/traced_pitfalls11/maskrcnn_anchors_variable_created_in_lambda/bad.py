# SOURCE: https://github.com/nageshsinghc4/Brain-Tumor-Detection-using-Mask-R-CNN/issues/2
# SYMPTOM: raises ValueError
# DESCRIPTION: a Mask R-CNN build step turns its precomputed anchor array into a graph input with KL.Lambda(lambda x: tf.Variable(anchors)) applied to the image input ("a hack to get around Keras's bad support for constants"); a Lambda layer may not create variables (TF2 Keras refuses at build, Keras 3 when the model runs), and since the lambda reads the name it is assigned to, a re-run of the Lambda under Keras 3 sees its own symbolic output instead of the array
"""Mask R-CNN style training graph: anchors broadcast over the batch and refined by RPN deltas."""

import numpy as np
import tensorflow as tf
from tensorflow import keras

KL = keras.layers


class Config:
    BATCH_SIZE = 2
    IMAGE_SHAPE = (64, 64, 3)
    RPN_ANCHOR_COUNT = 48


def get_anchors(config):
    rng = np.random.default_rng(0)
    return rng.random((config.RPN_ANCHOR_COUNT, 4)).astype(np.float32)


def build(config):
    input_image = KL.Input(shape=config.IMAGE_SHAPE, name="input_image")
    feature = KL.Conv2D(8, 3, strides=4, padding="same", activation="relu")(input_image)
    feature = KL.GlobalAveragePooling2D()(feature)
    rpn_deltas = KL.Dense(config.RPN_ANCHOR_COUNT * 4)(feature)
    rpn_deltas = KL.Reshape((config.RPN_ANCHOR_COUNT, 4))(rpn_deltas)

    anchors = get_anchors(config)
    # Duplicate across the batch dimension because Keras requires it
    anchors = np.broadcast_to(anchors, (config.BATCH_SIZE,) + anchors.shape)
    # A hack to get around Keras's bad support for constants
    anchors = KL.Lambda(lambda x: tf.Variable(anchors), name="anchors")(input_image)  # EXPECT: variable-creation/variable-created-in-lambda-layer|stale-capture/lambda-reads-name-rebound-to-its-output

    proposals = KL.Add(name="proposals")([anchors, rpn_deltas])
    return keras.Model(input_image, proposals, name="mask_rcnn")


config = Config()
model = build(config)
out = model(np.zeros((config.BATCH_SIZE,) + config.IMAGE_SHAPE, np.float32))
print("[proposals]", out.shape)
