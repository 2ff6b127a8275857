"""Frozen records for the rules core, without importing :mod:`dataclasses`.

The core's records (a roll, a momentum change, a progress track) are immutable values that
keep every input. :func:`record` gives a class what ``@dataclass(frozen=True)`` would: an
``__init__`` taking the annotated fields in order (with their class-level defaults), calling
``__post_init__`` when the class has one, and ``__repr__``, ``__eq__``, ``__hash__`` and a
refusal to assign. :func:`replace` makes a changed copy, checked again by ``__post_init__``.
:func:`mutable_record` is the same without the refusal (a campaign state's records: a sheet,
a track), as ``@dataclass``, with ``field(default_factory=...)`` for a list or dict default.

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
    from collections.abc import Callable
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    _T = TypeVar("_T")

    def field(*, default_factory: Callable[[], _T]) -> _T: ...

    @dataclass_transform(frozen_default=True, field_specifiers=(field,))
    def record(cls: type[_T]) -> type[_T]: ...

    @dataclass_transform(field_specifiers=(field,))
    def mutable_record(cls: type[_T]) -> type[_T]: ...

else:

    def record(cls):
        return _make_record(cls)

    def mutable_record(cls):
        """A record whose fields may be assigned (a state's records: a sheet, a track); a
        default made by ``field(default_factory=...)`` is made anew for each instance. Equal
        by value, so unhashable, as a mutable dataclass."""
        return _make_record(cls, frozen=False)

    def field(*, default_factory):
        return _Factory(default_factory)


class _Factory:
    """A field's default made anew for each instance (a list, a dict)."""

    __slots__ = ("make",)

    def __init__(self, make: Any) -> None:
        self.make = make


_MISSING = object()


class FrozenRecordError(AttributeError):
    """Raised on an attempt to assign to a record's field."""


def _make_record(cls: type[Any], frozen: bool = True) -> type[Any]:
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
    factories = {name: d.make for name, d in defaults.items() if isinstance(d, _Factory)}
    for name in factories:
        del defaults[name]
        delattr(cls, name)  # not a class attribute: each instance gets its own
    fields = tuple(names)
    post_init = getattr(cls, "__post_init__", None)
    qualname = cls.__qualname__

    count = len(fields)
    required = frozenset(fields) - defaults.keys() - factories.keys()
    template = {name: defaults.get(name) for name in fields}  # every field, in order

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        # The instance's __dict__ is made whole and set at once (past a frozen record's
        # refusal to assign): field by field, or updating the new instance's dict, is slower.
        set_field = object.__setattr__
        if not kwargs and len(args) == count:
            # Every field given in order (the rules core's own calls): no checks to make.
            set_field(self, "__dict__", dict(zip(fields, args)))  # noqa: B905 (equal lengths)
            if post_init is not None:
                post_init(self)
            return
        if not args:
            # Fields by name (a record read back from JSON): the defaults in the fields' order,
            # then the names given; an unknown or missing name takes the general path below.
            values = template.copy()
            values.update(kwargs)
            if len(values) == count and required <= kwargs.keys():
                for name, make in factories.items():
                    if name not in kwargs:
                        values[name] = make()
                set_field(self, "__dict__", values)
                if post_init is not None:
                    post_init(self)
                return
        if len(args) > count:
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
        for name in fields:
            value = values.get(name, _MISSING)
            if value is _MISSING:
                value = defaults.get(name, _MISSING)
                if value is _MISSING:
                    make = factories.get(name)
                    if make is None:
                        raise TypeError(f"{qualname}() missing required argument: {name!r}")
                    value = make()
            set_field(self, name, value)
        if post_init is not None:
            post_init(self)

    def build(data: Any) -> Any:
        # A record from a mapping of its fields, without a call through **kwargs.
        values = template.copy()
        values.update(data)
        if len(values) != count or not required <= data.keys():
            return cls(**data)  # an unknown or missing field: refused as a call would be
        for name, make in factories.items():
            if name not in data:
                values[name] = make()
        made = object.__new__(cls)
        object.__setattr__(made, "__dict__", values)
        if post_init is not None:
            post_init(made)
        return made

    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in fields)
        return f"{qualname}({inner})"

    def _values(self: Any) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in fields)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        mine, theirs = self.__dict__, other.__dict__
        if len(mine) == count and len(theirs) == count:
            # Both hold their fields and nothing else (as __init__ and build make them): the
            # dicts compare the same values, without a tuple of each.
            return bool(mine == theirs)
        return bool(_values(self) == _values(other))

    def __hash__(self: Any) -> int:
        return hash(_values(self))

    def __setattr__(self: Any, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r} of a frozen {qualname}")

    def __delattr__(self: Any, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r} of a frozen {qualname}")

    made = [__init__, __repr__, __eq__]
    if frozen:
        made += [__hash__, __setattr__, __delattr__]
    else:
        # Equal by value and changeable: unhashable, as a dataclass.
        cls.__hash__ = None  # type: ignore[assignment]
    for function in made:
        function.__qualname__ = f"{qualname}.{function.__name__}"
        setattr(cls, function.__name__, function)
    cls.__record_fields__ = fields
    cls.__record_build__ = staticmethod(build)
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


def from_fields(cls: type[_T], data: Any) -> _T:
    """A record of ``cls`` from a mapping of its field names (read back from JSON), as
    ``cls(**data)`` but faster: a snapshot reads hundreds of tracks this way."""
    made: _T = cls.__record_build__(data)  # type: ignore[attr-defined]
    return made


def fields_of(obj: Any) -> tuple[str, ...]:
    """The field names of a record (or record class), in order."""
    names: tuple[str, ...] = obj.__record_fields__
    return names
