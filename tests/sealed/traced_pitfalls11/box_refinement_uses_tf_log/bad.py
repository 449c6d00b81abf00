# SOURCE: https://github.com/matterport/Mask_RCNN/issues/1797
# SYMPTOM: raises AttributeError
# DESCRIPTION: Mask R-CNN's box-refinement target computation, written for TF1, takes the logs of the height and width ratios with tf.log; TF2 removed the top-level alias (it lives at tf.math.log), so computing the training targets fails
"""Compute the refinement deltas from proposal boxes to ground-truth boxes."""

import tensorflow as tf


def box_refinement_graph(box, gt_box):
    """Compute refinement needed to transform box to gt_box.
    box and gt_box are [N, (y1, x1, y2, x2)]
    """
    box = tf.cast(box, tf.float32)
    gt_box = tf.cast(gt_box, tf.float32)

    height = box[:, 2] - box[:, 0]
    width = box[:, 3] - box[:, 1]
    center_y = box[:, 0] + 0.5 * height
    center_x = box[:, 1] + 0.5 * width

    gt_height = gt_box[:, 2] - gt_box[:, 0]
    gt_width = gt_box[:, 3] - gt_box[:, 1]
    gt_center_y = gt_box[:, 0] + 0.5 * gt_height
    gt_center_x = gt_box[:, 1] + 0.5 * gt_width

    dy = (gt_center_y - center_y) / height
    dx = (gt_center_x - center_x) / width
    dh = tf.log(gt_height / height)  # EXPECT: tf1-api/tf-log-alias
    dw = tf.log(gt_width / width)  # EXPECT: tf1-api/tf-log-alias

    result = tf.stack([dy, dx, dh, dw], axis=1)
    return result


proposals = tf.constant([[10, 10, 50, 60], [20, 30, 80, 90]])
gt_boxes = tf.constant([[12, 8, 55, 58], [18, 35, 85, 95]])
print("[deltas]", box_refinement_graph(proposals, gt_boxes).numpy().round(3).tolist())
