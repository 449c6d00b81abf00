"""The fix: hold the anchors in a small subclassed layer that creates them once as a
non-trainable weight and returns them from call, instead of creating a tf.Variable inside
a Lambda function."""

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


class AnchorsLayer(KL.Layer):
    def __init__(self, anchors, name="anchors", **kwargs):
        super().__init__(name=name, **kwargs)
        self.anchors = self.add_weight(
            shape=anchors.shape, initializer=keras.initializers.Constant(anchors), trainable=False, name="anchors"
        )

    def call(self, dummy):
        return tf.convert_to_tensor(self.anchors)


def build(config):
    input_image = KL.Input(shape=config.IMAGE_SHAPE, name="input_image")
    feature = KL.Conv2D(8, 3, strides=4, padding="same", activation="relu")(input_image)
    feature = KL.GlobalAveragePooling2D()(feature)
    rpn_deltas = KL.Dense(config.RPN_ANCHOR_COUNT * 4)(feature)
    rpn_deltas = KL.Reshape((config.RPN_ANCHOR_COUNT, 4))(rpn_deltas)

    anchors = get_anchors(config)
    anchors = np.broadcast_to(anchors, (config.BATCH_SIZE,) + anchors.shape)
    anchors = AnchorsLayer(anchors, name="anchors")(input_image)

    proposals = KL.Add(name="proposals")([anchors, rpn_deltas])
    return keras.Model(input_image, proposals, name="mask_rcnn")


config = Config()
model = build(config)
out = model(np.zeros((config.BATCH_SIZE,) + config.IMAGE_SHAPE, np.float32))
print("[proposals]", out.shape)
