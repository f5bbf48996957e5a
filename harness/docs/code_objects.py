"""The code a rule names: a dotted name resolved to the module, class or function it is.

A rule's ``implemented_by`` and an invariant's check name code by its dotted
name; the reference links each to its API entry with the Sphinx role its kind
takes (:meth:`CodeObject.xref`).
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from typing import Any

_ROLES = {"module": "py:mod", "class": "py:class", "method": "py:meth",
          "property": "py:attr", "attribute": "py:attr", "function": "py:func",
          "data": "py:data"}


@dataclass(frozen=True, slots=True)
class CodeObject:
    """A dotted name resolved to what it is: module, class, method, function ..."""

    dotted: str
    kind: str
    module: str
    qualname: str

    @property
    def role(self) -> str:
        return _ROLES[self.kind]

    def xref(self) -> str:
        title = self.qualname or self.module
        if self.kind in ("method", "function"):
            title += "()"
        return f":{self.role}:`{title} <{self.dotted}>`"


def resolve_object(dotted: str) -> CodeObject | None:
    """What ``dotted`` names, or ``None`` when it names nothing importable."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        rest = parts[cut:]
        if not rest:
            return CodeObject(dotted, "module", module_name, "")
        owner: Any = module
        parent: Any = None
        for name in rest:
            parent = owner
            try:
                owner = inspect.getattr_static(owner, name)
            except AttributeError:
                return None
        qualname = ".".join(rest)
        if isinstance(owner, type):
            kind = "class"
        elif isinstance(parent, type):
            if isinstance(owner, property):
                kind = "property"
            elif isinstance(owner, (staticmethod, classmethod)) or inspect.isfunction(owner):
                kind = "method"
            else:
                kind = "attribute"
        elif inspect.isfunction(owner) or inspect.isbuiltin(owner) or callable(owner):
            kind = "function"
        else:
            kind = "data"
        return CodeObject(dotted, kind, module_name, qualname)
    return None


def _callable_name(function: Any) -> str | None:
    name = getattr(function, "__qualname__", "")
    module = getattr(function, "__module__", "")
    if not name or not module or "<" in name:
        return None
    return f"{module}.{name}"
