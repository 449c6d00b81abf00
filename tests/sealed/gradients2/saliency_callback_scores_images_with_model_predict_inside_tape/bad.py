# SOURCE: https://github.com/PAIR-code/saliency/issues/88
# SYMPTOM: raises AttributeError
# DESCRIPTION: A saliency callback calls model.predict inside its GradientTape, so the class score is a NumPy array cut off from the tape and no input gradient can be taken.
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
        output_layer = model.predict(images, verbose=0)  # EXPECT: api-misuse/model-predict-inside-gradient-tape
        output_layer = output_layer[:, target_class_idx]
        gradients = np.array(tape.gradient(output_layer, images))
    return {"INPUT_OUTPUT_GRADIENTS": gradients}


im = np.random.rand(16, 16, 1).astype("float32")
result = call_model_function(np.array([im]), {class_idx_str: 1})
grads = result["INPUT_OUTPUT_GRADIENTS"]
print("none_grads", int(grads.dtype == object and grads.item() is None))
