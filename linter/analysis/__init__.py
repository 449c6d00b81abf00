"""What tf2lint knows about the code it lints: the semantic model of one module
(``model``, with ``scopes``, ``order``, ``reads``, ``tracing``, ``kinds``, ``guards``, ``walk``:
bindings, where names are read, what a name holds, what kind of value an expression is, which functions are traced and why), the
project's analysis across modules (``project``), the knowledge generated from TensorFlow and
Keras (``knowledge``, ``tfnames``; its data is ``tf2lint/data/``), static shapes (``shapes``)
and the ranks Keras layers take and return (``layer_shapes``),
what a ``GradientTape`` records (``tape``, ``tape_flow``), what Keras trains
(``keras_flow``) and which functions ``jit_compile=True`` compiles with XLA (``xla``).

May import ``base`` only. Never TensorFlow, nor the code it analyses.
"""
