# SOURCE: https://github.com/tensorflow/tensorflow/issues/75351
# SYMPTOM: number "none_grads" >= 1
# DESCRIPTION: An attribution script asks for the gradient of a model's output with respect to the token ids fed to an Embedding layer; the lookup is not differentiable in its ids, so the gradient is None.
import tensorflow as tf
import keras

model = keras.Sequential([
    keras.Input((5,)),
    keras.layers.Embedding(10, 4),
    keras.layers.Flatten(),
    keras.layers.Dense(1),
])
ids = tf.constant([[1.0, 4.0, 2.0, 7.0, 3.0]])

with tf.GradientTape() as tape:
    tape.watch(ids)
    output = model(ids)
grads = tape.gradient(output, ids)  # EXPECT: api-misuse/gradient-wrt-embedding-ids
print("none_grads", int(grads is None))
