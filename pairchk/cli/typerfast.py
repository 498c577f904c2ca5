"""Start-up: keep typer from importing pydantic for options that need no conversion.

typer 0.2x converts every option value through a pydantic ``TypeAdapter``, and importing
pydantic costs about 0.1 s, most of a short command's run time. Plain ``str`` values,
``int``/``float`` defaults and lists of strings need no conversion; :func:`lighten` makes
typer build its pydantic converter only for the other values (``--round 3`` still goes through
pydantic, with its messages). With a typer that has no such layer this does nothing.

>>> lighten() in (True, False)
True
"""

from __future__ import annotations

from typing import Any, Union, get_args, get_origin

_done = False


def _plain(annotation: Any) -> Any:
    """``str`` for ``Optional[str]``; the annotation itself otherwise."""
    if get_origin(annotation) is Union:
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _unconverted(annotation: Any, value: Any) -> bool:
    """True when ``value`` already is what ``annotation`` asks for (nothing to convert)."""
    base = _plain(annotation)
    if base in (str, int, float) and type(value) is base:
        return True
    if get_origin(base) is list and get_args(base) == (str,) and isinstance(value, (list, tuple)):
        return all(type(v) is str for v in value)
    return False


def lighten() -> bool:
    """Install the lazy converter into typer; True when typer has the pydantic layer."""
    global _done
    try:
        from typer import _coercion, core
    except ImportError:
        return False
    needed = ("build_runtime_param", "RuntimeParam", "resolve_type_descriptor")
    if not all(hasattr(_coercion, n) for n in needed) or not hasattr(core, "build_runtime_param"):
        return False
    if _done:
        return True
    original = _coercion.build_runtime_param

    class Lazy(_coercion.RuntimeParam):  # type: ignore[misc, valid-type]
        def _coerce_value(self, value: Any, param: Any, ctx: Any) -> Any:
            if _unconverted(self.annotation, value):
                return list(value) if isinstance(value, tuple) else value
            real = original(_coercion.resolve_type_descriptor(self.annotation, self.parameter_info))
            return real._coerce_value(value, param, ctx)

    def build(descriptor: Any) -> Any:
        if descriptor.file_annotation is not None or descriptor.is_path:
            return original(descriptor)
        return Lazy(annotation=descriptor.annotation, parameter_info=descriptor.parameter_info)

    core.build_runtime_param = build
    _done = True
    return True


_LABELS = {"<str>": "TEXT", "<int>": "N", "<float>": "NUMBER", "<list[str]>": "TEXT"}


def plain_help() -> None:
    """Option help without typer's type tags: a flag shows none (not ``<bool>``), a value a
    plain word (``TEXT``, ``N``, ``NUMBER``) unless the option names its own metavar."""
    try:
        from typer import core
    except ImportError:
        return
    option = getattr(core, "TyperOption", None)
    if option is None or getattr(option, "_pairchk_plain", False):
        return
    original = option.display_type_rich

    def display(self: Any, ctx: Any) -> Any:
        if self.metavar is not None:
            return self.metavar
        if getattr(self, "is_flag", False) or getattr(self, "is_bool_flag", False):
            return None
        label = original(self, ctx)
        if label is None or label == "<bool>":
            return None
        return _LABELS.get(str(label), str(label).strip("<>").upper())

    option.display_type_rich = display
    option._pairchk_plain = True
