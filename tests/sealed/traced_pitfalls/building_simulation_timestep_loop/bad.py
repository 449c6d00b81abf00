# SOURCE: https://github.com/PassiveLogic/differentiable-swift-examples/pull/26
# SYMPTOM: number "graph_ops" >= 1000
# DESCRIPTION: a differentiable simulation steps through its timesteps with a Python range inside a tf.function, so the graph grows with the number of timesteps
"""A thermal building simulation whose gradient is computed in a traced function."""

import tensorflow as tf

TIMESTEPS = 200
DT = 0.1


def simulate(conductance, start_temperature):
    temperature = start_temperature
    for _ in range(TIMESTEPS):  # EXPECT: graph-bloat/python-loop-unrolled
        heat_flow = conductance * (20.0 - temperature)
        temperature = temperature + DT * heat_flow
    return temperature


@tf.function
def get_gradient(conductance, start_temperature):
    with tf.GradientTape() as tape:
        tape.watch(conductance)
        loss = tf.square(simulate(conductance, start_temperature) - 18.0)
    return loss, tape.gradient(loss, conductance)


loss, grad = get_gradient(tf.constant(0.05), tf.constant(10.0))
print("loss", float(loss), "grad", float(grad))
graph = get_gradient.get_concrete_function(tf.constant(0.05), tf.constant(10.0)).graph
print("graph_ops", len(graph.get_operations()))
