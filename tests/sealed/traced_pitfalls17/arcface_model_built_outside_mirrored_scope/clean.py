# SOURCE: https://github.com/dmonterom/face_recognition_TF2/issues/4
# SYMPTOM: raises ValueError
# DESCRIPTION: a multi-GPU training script builds the model outside MirroredStrategy.scope() and creates only the optimizer inside it, so the optimizer cannot place its slot variables next to the model's variables when the distributed step applies gradients
import tensorflow as tf
import keras

strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
with strategy.scope():
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])
    optimizer = keras.optimizers.SGD(0.1, momentum=0.9)


@tf.function
def train_step(images, labels):
    def step_fn(images, labels):
        with tf.GradientTape() as tape:
            logits = model(images, training=True)
            loss = tf.reduce_mean(keras.losses.sparse_categorical_crossentropy(labels, logits, from_logits=True))
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        return loss

    per_replica = strategy.run(step_fn, args=(images, labels))
    return strategy.reduce(tf.distribute.ReduceOp.MEAN, per_replica, axis=None)


print("loss", float(train_step(tf.ones([4, 8]), tf.constant([0, 1, 2, 3]))))
