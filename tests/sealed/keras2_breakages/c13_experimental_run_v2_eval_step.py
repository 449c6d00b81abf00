# class: 13
# DESCRIPTION: experimental_run_v2 in a distributed evaluation step, reduced per replica (removed in TF 2.4)
# SOURCE: https://github.com/microsoft/UST/issues/5
# keras2: tensorflow-cpu==2.3.4
import tensorflow as tf

strategy = tf.distribute.MirroredStrategy()


def eval_step(inputs):
    return tf.reduce_sum(inputs)


@tf.function
def distributed_eval_step(dataset_inputs):
    per_replica = strategy.experimental_run_v2(eval_step, args=(dataset_inputs,))  # EXPECT
    return strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)


print(float(distributed_eval_step(tf.constant([1.0, 2.0, 3.0]))))
