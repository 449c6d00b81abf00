"""Calls of TensorFlow and Keras APIs that their signature refuses: a keyword the callable does
not take, more positional arguments than it has, a required argument left out (TF976). The
callables are public TF/Keras names; the methods those of an object whose kind the semantic
model knows (``model.fit``, ``dataset.batch``, ``tape.gradient``). The signatures are generated
from the installed packages (``linter/data/api_signatures.json``)."""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from typing import NamedTuple

from tf2lint.analysis.api_signatures import (
    Signature,
    method_signature,
    method_signatures,
    signature,
)
from tf2lint.analysis.kinds import KIND_CLASSES, Kind, defines, module_lineage
from tf2lint.analysis.knowledge import KERAS_KINDS
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
    message = "the TensorFlow or Keras callable or method does not take this call's arguments"
    rationale = """
        A call of a public TensorFlow or Keras function or class, or of a method of a Keras
        model, layer, optimizer, loss, metric or callback, a tf.data dataset, a GradientTape
        or a tf.Variable, with a keyword it does not take (`Dense(8, activaton="relu")`,
        `model.fit(x, y, epoch=10)`, `model.compile(metric=["mae"])`), with more positional
        arguments than it has (`tf.reshape(x, 4, 8)`, `tape.watch(a, b)`), or without a
        required argument (`tf.reshape(x)`, `Conv2D(32)` without its kernel size,
        `AveragePooling2D()`, whose pool size Keras 2 defaulted and Keras 3 requires,
        `tape.gradient(loss)`) fails when it runs: Python raises `TypeError` ("got an
        unexpected keyword argument", "takes 3 positional arguments but 4 were given",
        "missing 1 required positional argument"), and a Keras layer, model or optimizer,
        whose `**kwargs` its base class checks, raises `ValueError` ("Unrecognized keyword
        arguments"). In a training script that may be after minutes of loading data. The
        signatures are generated with `inspect.signature` from TensorFlow 2.21, its Keras 3
        and tf-keras (`scripts/generate_api_signatures.py`); a class's `**kwargs` are followed
        up its bases to the one that refuses what is left (Keras's `Layer.__init__`), taking
        the keys each reads out of them (`input_shape=`); a callable whose `**kwargs` nothing
        checks has only its positional and required arguments judged. A method is judged
        where the semantic model knows the receiver's kind, against what every class of that
        kind accepts (its public classes and their subclasses: any keyword one of them takes
        is taken), or what the class and its non-public subclasses accept where the model
        names a model class (`keras.Sequential()`). Evidence required: the callee resolves
        through the module's imports to the public TensorFlow or Keras name (`tf.keras`
        counts as Keras 3, unless the module uses `tf_keras`), or the receiver's kind comes
        from the code; a user's subclass that defines the method, or derives from a class the
        module does not show, keeps its own signature; calls that unpack `*args` or
        `**kwargs`, and an exercise's blanks (`Embedding(...)`), are not judged; a missing
        argument is not reported beside a keyword the call misspells. Keywords that Keras 3
        removed from Keras 2 (TF012, TF008, TF003) and TF1 keywords (TF102, and any TF1
        code) are those rules' findings, not this one's.
    """
    # where those rules report the same argument, theirs is the finding
    defers_to = frozenset({"TF003", "TF008", "TF012", "TF020", "TF031", "TF102"})

    def visit_Call(self, node: cst.Call) -> None:
        for arg in node.args:
            if arg.star:
                return
        # a cheap first look (asked at every call): the module imports TensorFlow or Keras; a
        # callee whose dotted chain starts from a name it imports from them may be a public
        # callable; one that starts elsewhere, not at another import, may be a method
        head = node.func
        while type(head) is cst.Attribute:
            head = head.value
        names = self.model.memo(_tf_import_names, self._tf_import_names)
        if names is not None and not names:
            return
        method = type(node.func) is cst.Attribute
        if type(head) is not cst.Name:
            if method:
                self._judge_method(node)
            return
        if names is not None and head.value not in names:
            if method and head.value not in self.model.imports:  # not np.add(...)
                self._judge_method(node)
            return
        qualified = self.model.call_name(node)
        if qualified is None and method:  # tf.data.Dataset.range(9).batch()
            self._judge_method(node)
            return
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
        keras_path = keras.path if keras is not None else None
        self._judge(
            node,
            found,
            owned=lambda: _owned_keywords(key, keras_path),
            moved=lambda: keras is not None and _moved_positions(keras.path),
            tf1_quiet=keras is None,
        )

    def _judge_method(self, node: cst.Call) -> None:
        """``receiver.method(...)`` where the model knows what kind of object the receiver is."""
        method = node.func.attr.value
        # the table loads here, at the first method call; where no kind's method of that name
        # refuses the call, the receiver's kind is not asked
        if not any(_refuses(node, found) for found in method_signatures(method)):
            return
        receiver = node.func.value
        scope = self.context.scope
        kind = self.model.kind_of(receiver, scope)
        if kind is None:
            return
        package = _package(kind, uses_tf_keras(self.model))
        if package is None or not _keras_method(self.model, kind, method):
            return
        if type(receiver) is cst.Call and self.model.call_name(receiver) == "builtins.super":
            return  # super().compile(...) in the user's override: the base's, judged at its own
        found = method_signature(package, kind.kind, method, kind.cls)
        if found is None:
            return
        owners = [f"{KIND_CLASSES[kind.kind]}.{method}"] if package == "keras" else []
        self._judge(
            node,
            found,
            owned=lambda: set(table().removed_arguments(owners)),
            moved=lambda: any(_moved_positions(owner) for owner in owners),
            tf1_quiet=package == "tensorflow",
            because=lambda: [(f"`{code(receiver)}` is a {kind.kind}: {kind.why}", receiver)],
        )

    def _judge(
        self,
        node: cst.Call,
        found: Signature,
        owned: Callable[[], set[str]],
        moved: Callable[[], bool],
        tf1_quiet: bool,
        because: Callable[[], list[tuple[str, cst.CSTNode]]] = list,
    ) -> None:
        """Report what ``found`` refuses of the call: too many positional arguments (unless
        another rule reports the ones Keras 3 ``moved``), keywords it does not take (unless
        ``owned`` by another rule), required ones left out."""
        refused = _refuses(node, found)
        if refused is None:
            return
        positional, too_many, unknown, missing = refused
        if tf1_quiet and is_tf1_code(self.model):
            return  # TF1 code's keywords and orders are TF102's and TF103's
        shown = code(node.func)
        evidence = because()
        if too_many and not moved():
            self.report(
                positional[found.positional],
                f"`{shown}` takes {_count(found.positional)}, {len(positional)} given (TypeError)",
                because=evidence,
            )
        reported = False
        owned_keywords = owned() if unknown else set()
        for arg in unknown:
            keyword = arg.keyword.value
            if keyword in owned_keywords:
                reported = True  # another rule's finding
                continue
            close = get_close_matches(keyword, sorted(found.keywords), n=1)
            hint = f"; did you mean `{close[0]}=`?" if close else ""
            self.report(
                arg,
                f"`{shown}` takes no keyword `{keyword}=`: the call raises{hint}",
                because=evidence,
            )
            reported = True
        if missing and not reported and not too_many and not _placeholder(node):
            # (a misspelt keyword is the likelier fix, and that finding says it)
            names = ", ".join(f"`{name}`" for name in missing)
            keras2 = dict(found.keras2_defaults)
            was = [f"`{name}={keras2[name]}`" for name in missing if name in keras2]
            before = f" (Keras 2 defaulted it: {', '.join(was)})" if was else ""
            self.report(
                node,
                f"`{shown}(...)` misses its required argument{'s' * (len(missing) > 1)} "
                f"{names}{before}: the call raises TypeError",
                because=evidence,
            )

    def _tf_import_names(self) -> frozenset[str] | None:
        """The local names the module binds by importing TensorFlow or Keras (None, with a star
        import of either: it may bind any name)."""
        if self.model.star_imports:
            return None
        return frozenset(
            name
            for name, target in self.model.imports.items()
            if target.startswith(("tensorflow", "keras", "tf_keras"))
        )


class _Refused(NamedTuple):
    positional: list[cst.Arg]
    too_many: bool
    unknown: list[cst.Arg]  # keyword arguments it does not take
    missing: list[str]  # required parameters not given


def _refuses(node: cst.Call, found: Signature) -> _Refused | None:
    """What of the call ``found`` refuses, or None."""
    positional = [arg for arg in node.args if arg.keyword is None]
    too_many = found.positional is not None and len(positional) > found.positional
    unknown = []
    if found.keywords is not None:
        unknown = [
            arg
            for arg in node.args
            if arg.keyword is not None and arg.keyword.value not in found.keywords
        ]
    missing = []
    if len(found.required) > len(positional) or found.required_keywords:
        given = {arg.keyword.value for arg in node.args if arg.keyword is not None}
        missing = [n for n in found.required[len(positional) :] if n not in given]
        missing += [n for n in found.required_keywords if n not in given]
    if not (too_many or unknown or missing):
        return None
    return _Refused(positional, too_many, unknown, missing)


def _placeholder(node: cst.Call) -> bool:
    """An exercise's blank: an argument written ``...``, or empty parentheses holding a comment
    (``model.add(  # TODO: your layer here  )``)."""
    if any(type(arg.value) is cst.Ellipsis for arg in node.args):
        return True
    return not node.args and "#" in code(node)


def _package(kind: Kind, tf_keras: bool) -> str | None:
    """Whose methods a value of ``kind`` has: Keras 3's, tf-keras's or TensorFlow's; None
    where the model cannot tell (a Keras object of either package, a Keras variable)."""
    if kind.kind in KERAS_KINDS:
        if kind.keras == 3 and not tf_keras:
            return "keras"
        return "tf_keras" if kind.keras == 2 else None
    if kind.kind == "variable":  # a tf.Variable, not a Keras 3 layer's keras.Variable
        return "tensorflow" if kind.cls == "tensorflow.Variable" else None
    return "tensorflow" if kind.keras is None else None


def _keras_method(model, kind: Kind, method: str) -> bool:
    """Whether ``method`` of the object is the library's: not defined by the user's subclass
    (or a class of the module it derives from), whose bases the module shows all the way to
    TensorFlow or Keras."""
    cls = kind.subclass
    if cls is None:
        return True
    if defines(model, cls, method):
        return False
    for current in module_lineage(model, cls):
        for base in current.base_names:
            if base in model.module_classes:
                continue
            if not (base or "").startswith(("tensorflow.", "keras.", "tf_keras.")):
                return False  # a mixin from elsewhere may define it
    return True


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
