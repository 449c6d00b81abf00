"""A small TF2 training package: the traced step, the model and the helpers in different files."""

from trainpkg.model import Classifier

__all__ = ["Classifier"]
