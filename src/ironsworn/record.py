"""Frozen records for the rules core, without importing :mod:`dataclasses`.

The core's records (a roll, a momentum change, a progress track) are immutable values that
keep every input. :func:`record` gives a class what ``@dataclass(frozen=True)`` would: an
``__init__`` taking the annotated fields in order (with their class-level defaults), calling
``__post_init__`` when the class has one, and ``__repr__``, ``__eq__``, ``__hash__`` and a
refusal to assign. :func:`replace` makes a changed copy, checked again by ``__post_init__``.

Why not dataclasses: ``import dataclasses`` pulls in :mod:`inspect` (and with it ``ast``,
``dis``, ``tokenize``), and building each class runs generated code through ``exec``. Together
that was the largest part of a one-shot ``ironsworn roll``'s start-up; this module costs
nothing to import. Type checkers see the decorator as a dataclass transform, so the generated
``__init__`` is checked like a dataclass's.
"""

from __future__ import annotations

# Not typing.TYPE_CHECKING: importing typing is itself a cost this module exists to avoid.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    _T = TypeVar("_T")

    @dataclass_transform(frozen_default=True)
    def record(cls: type[_T]) -> type[_T]: ...

else:

    def record(cls):
        return _make_record(cls)


_MISSING = object()


class FrozenRecordError(AttributeError):
    """Raised on an attempt to assign to a record's field."""


def _make_record(cls: type[Any]) -> type[Any]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        # inspect.get_annotations would import inspect, the cost this module avoids.
        own = klass.__dict__.get("__annotations__", {})  # noqa: RUF063
        for name, annotation in own.items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            if name not in names:
                names.append(name)
    defaults = {name: getattr(cls, name) for name in names if hasattr(cls, name)}
    fields = tuple(names)
    post_init = getattr(cls, "__post_init__", None)
    qualname = cls.__qualname__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        if len(args) > len(fields):
            raise TypeError(
                f"{qualname}() takes {len(fields)} positional arguments but {len(args)} were given"
            )
        values = dict(zip(fields, args, strict=False))
        for key, value in kwargs.items():
            if key not in fields:
                raise TypeError(f"{qualname}() got an unexpected keyword argument {key!r}")
            if key in values:
                raise TypeError(f"{qualname}() got multiple values for argument {key!r}")
            values[key] = value
        set_field = object.__setattr__
        for name in fields:
            value = values.get(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    raise TypeError(f"{qualname}() missing required argument: {name!r}")
            set_field(self, name, value)
        if post_init is not None:
            post_init(self)

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
        return f"{qualname}({inner})"

    def _values(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in fields)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return bool(_values(self) == _values(other))

    def __hash__(self: Any) -> int:
        return hash(_values(self))

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r} of a frozen {qualname}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r} of a frozen {qualname}")

    for function in (__init__, __repr__, __eq__, __hash__, __setattr__, __delattr__):
        function.__qualname__ = f"{qualname}.{function.__name__}"
        setattr(cls, function.__name__, function)
    cls.__record_fields__ = fields
    cls.__match_args__ = fields  # type: ignore[misc]
    return cls


def replace(obj: _T, **changes: Any) -> _T:
    """A copy of the record ``obj`` with ``changes`` (checked again by ``__post_init__``)."""
    fields: tuple[str, ...] = obj.__record_fields__  # type: ignore[attr-defined]
    values = {name: getattr(obj, name) for name in fields}
    for key in changes:
        if key not in fields:
            raise TypeError(f"{type(obj).__qualname__} has no field {key!r}")
    values.update(changes)
    return type(obj)(**values)


def fields_of(obj: Any) -> tuple[str, ...]:
    """The field names of a record (or record class), in order."""
    names: tuple[str, ...] = obj.__record_fields__
    return names
