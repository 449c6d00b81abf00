# SOURCE: https://github.com/lovedlim/tensorflow/issues/40
# SYMPTOM: raises ValueError
# DESCRIPTION: a knowledge-distillation notebook trains a first student with an Adam optimizer and then reuses that same optimizer object for a second student model, whose variables the already-built optimizer does not track
import numpy as np
import tensorflow as tf
from tensorflow import keras

rng = np.random.default_rng(0)
x = rng.normal(size=(64, 10)).astype("float32")
y = rng.integers(0, 3, size=64)


def make_student():
    return keras.Sequential([keras.Input((10,)), keras.layers.Dense(16, activation="relu"), keras.layers.Dense(3)])


teacher = make_student()
s_model = make_student()
s_model_2 = make_student()
opt = keras.optimizers.Adam(1e-3)
kl = keras.losses.KLDivergence()
ce = keras.losses.SparseCategoricalCrossentropy(from_logits=True)


def distill_epoch(student, optimizer):
    with tf.GradientTape() as tape:
        t_prob = tf.nn.softmax(teacher(x) / 3.0)
        s_logits = student(x)
        student_loss = 0.5 * ce(y, s_logits) + 0.5 * kl(t_prob, tf.nn.softmax(s_logits / 3.0))
    vars = student.trainable_variables
    grad = tape.gradient(student_loss, vars)
    optimizer.apply_gradients(zip(grad, vars))
    return float(student_loss)


for e in range(2):
    print("student 1 epoch", e, distill_epoch(s_model, opt))
for e in range(2):
    print("student 2 epoch", e, distill_epoch(s_model_2, opt))  # EXPECT: api-misuse/optimizer-reused-across-models
