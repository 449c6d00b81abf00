import numpy as np
import tensorflow as tf
import keras

keras.utils.set_random_seed(0)
model = keras.Sequential([
    keras.Input((16, 16, 1)),
    keras.layers.Conv2D(4, 3, activation="relu"),
    keras.layers.Flatten(),
    keras.layers.Dense(3, activation="softmax"),
])

class_idx_str = "class_idx_str"


def call_model_function(images, call_model_args=None, expected_keys=None):
    target_class_idx = call_model_args[class_idx_str]
    images = tf.convert_to_tensor(images)
    with tf.GradientTape() as tape:
        tape.watch(images)
        output_layer = model(images)
        output_layer = output_layer[:, target_class_idx]
    gradients = np.array(tape.gradient(output_layer, images))
    return {"INPUT_OUTPUT_GRADIENTS": gradients}


im = np.random.rand(16, 16, 1).astype("float32")
result = call_model_function(np.array([im]), {class_idx_str: 1})
grads = result["INPUT_OUTPUT_GRADIENTS"]
print("none_grads", int(grads.dtype == object and grads.item() is None))
