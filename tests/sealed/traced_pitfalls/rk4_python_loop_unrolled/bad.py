# SOURCE: https://github.com/DifferentiableUniverseInitiative/flowpm/issues/82
# SYMPTOM: number "graph_ops" >= 1000
# DESCRIPTION: a fixed-step Runge-Kutta ODE solver in a tf.function loops over its steps with a Python range, so every step is copied into the graph and compilation is slow
"""A growth ODE integrated with a hand-written RK4 loop inside a traced function."""

import tensorflow as tf

N_STEPS = 32


def growth_rhs(a, y, omega_m):
    return tf.stack([y[1], -1.5 * omega_m * y[0] / a**2 - 2.0 * y[1] / a])


@tf.function
def rk4_solve(y0, omega_m):
    a = tf.constant(0.1)
    h = tf.constant(0.9 / N_STEPS)
    y = y0
    for _ in range(N_STEPS):  # EXPECT: graph-bloat/python-loop-unrolled
        k1 = growth_rhs(a, y, omega_m)
        k2 = growth_rhs(a + h / 2, y + h / 2 * k1, omega_m)
        k3 = growth_rhs(a + h / 2, y + h / 2 * k2, omega_m)
        k4 = growth_rhs(a + h, y + h * k3, omega_m)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        a = a + h
    return y


y0 = tf.constant([0.1, 1.0])
print("growth", rk4_solve(y0, tf.constant(0.3)).numpy().tolist())
graph = rk4_solve.get_concrete_function(y0, tf.constant(0.3)).graph
print("graph_ops", len(graph.get_operations()))
