"""Calls of TensorFlow and Keras APIs that their signature refuses: a keyword the callable does
not take, more positional arguments than it has (TF976). The signatures are generated from the
installed packages (``linter/data/api_signatures.json``)."""

from __future__ import annotations

from difflib import get_close_matches

from tf2lint.analysis.api_signatures import signature
from tf2lint.analysis.tf1 import is_tf1_code, migration
from tf2lint.analysis.tfnames import keras3_name
from tf2lint.base.lazy import cst
from tf2lint.linting.rule import Rule
from tf2lint.rules.common import code, table, uses_tf_keras


def _tf_import_names() -> None:
    """The memo key of CallSignatureMismatch._tf_import_names."""


class CallSignatureMismatch(Rule):
    id = "TF976"
    name = "call-signature-mismatch"
    category = "api-misuse"
    severity = "error"
    since_tensorflow = "2.16"
    message = "the TensorFlow or Keras callable does not take this argument"
    rationale = """
        A call of a public TensorFlow or Keras function or class with a keyword it does not
        take (`Dense(8, activaton="relu")`, `tf.reduce_mean(x, axes=1)`) or with more positional
        arguments than it has (`tf.reshape(x, 4, 8)`) fails when it runs: Python raises
        `TypeError` ("got an unexpected keyword argument", "takes 3 positional arguments but 4
        were given"), and a Keras layer, model or optimizer, whose `**kwargs` its base class
        checks, raises `ValueError` ("Unrecognized keyword arguments"). In a training script
        that may be after minutes of loading data. The signatures are generated with
        `inspect.signature` from TensorFlow 2.21 and its Keras 3
        (`scripts/generate_api_signatures.py`); a class's `**kwargs` are followed up its bases
        to the one that refuses what is left (Keras's `Layer.__init__`), taking the keys each
        reads out of them (`input_shape=`); a callable whose `**kwargs` nothing checks has only
        its positional arguments judged. Evidence required: the callee resolves through the
        module's imports to the public TensorFlow or Keras name (`tf.keras` counts as Keras 3,
        unless the module uses `tf_keras`); calls that unpack `*args` or `**kwargs` are not
        judged. Keywords that Keras 3 removed from Keras 2 (TF012, TF008, TF003) and TF1
        keywords (TF102, and any TF1 code) are those rules' findings, not this one's.
    """
    # where those rules report the same argument, theirs is the finding
    defers_to = frozenset({"TF003", "TF008", "TF012", "TF020", "TF102"})

    def visit_Call(self, node: cst.Call) -> None:
        if not node.args:
            return
        for arg in node.args:
            if arg.star:
                return
        # a cheap first look (asked at every call): the callee's dotted chain starts from a
        # name the module imports from TensorFlow or Keras
        head = node.func
        while type(head) is cst.Attribute:
            head = head.value
        if type(head) is not cst.Name:
            return
        names = self.model.memo(_tf_import_names, self._tf_import_names)
        if names is not None and head.value not in names:
            return
        qualified = self.model.call_name(node)
        if not qualified or not qualified.startswith(("tensorflow.", "keras.")):
            return
        keras = keras3_name(qualified)
        if keras is not None:
            if keras.compat_v1 or uses_tf_keras(self.model):
                return
            key = "keras." + keras.path
        elif qualified.startswith("keras."):
            return  # keras.src...
        else:
            key = qualified
        found = signature(key)  # the table loads here, at the first TF/Keras call
        if found is None:
            return
        positional = [arg for arg in node.args if arg.keyword is None]
        too_many = found.positional is not None and len(positional) > found.positional
        unknown = [
            arg
            for arg in node.args
            if arg.keyword is not None
            and found.keywords is not None
            and arg.keyword.value not in found.keywords
        ]
        if not (too_many or unknown):
            return
        if keras is None and is_tf1_code(self.model):
            return  # TF1 code's keywords and orders are TF102's and TF103's
        shown = code(node.func)
        if too_many and not (keras is not None and _moved_positions(keras.path)):
            self.report(
                positional[found.positional],
                f"`{shown}` takes {_count(found.positional)}, {len(positional)} given (TypeError)",
            )
        owned = _owned_keywords(key, keras.path if keras is not None else None)
        for arg in unknown:
            keyword = arg.keyword.value
            if keyword in owned:
                continue
            close = get_close_matches(keyword, sorted(found.keywords), n=1)
            hint = f"; did you mean `{close[0]}=`?" if close else ""
            self.report(arg, f"`{shown}` takes no keyword `{keyword}=`: the call raises{hint}")

    def _tf_import_names(self) -> frozenset[str] | None:
        """The local names the module binds by importing TensorFlow or Keras (None, with a star
        import of either: it may bind any name)."""
        if self.model.star_imports:
            return None
        return frozenset(
            name
            for name, target in self.model.imports.items()
            if target.startswith(("tensorflow", "keras"))
        )


def _owned_keywords(key: str, keras_path: str | None) -> set[str]:
    """Keywords another rule reports at this callable: those Keras 3 removed from it or its
    Keras 2 bases (TF012, TF008, TF003), and TF1's (TF102)."""
    if keras_path is not None:
        leaf = keras_path.rsplit(".", 1)[-1]
        is_class = leaf[:1].isupper() or keras_path in table().aliases
        owners = table().lineage(keras_path) if is_class else [keras_path]
        return set(table().removed_arguments(owners))
    renames = migration().keyword_renames
    return set(renames.get("tf." + key.removeprefix("tensorflow."), ())) | set(
        renames.get("*." + key.rsplit(".", 1)[-1], ())
    )


def _moved_positions(path: str) -> bool:
    """Whether Keras 3 took a positional parameter of ``path`` away (TF012 reports those)."""
    removed = table().arguments.get(path, {})
    return any("position" in entry for entry in removed.values())


def _count(n: int) -> str:
    return "no positional arguments" if n == 0 else f"{n} positional argument{'s' * (n != 1)}"
