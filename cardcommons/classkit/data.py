"""Answers as data: values written as JSON and built again from a fixed list of types, never from code.

What crosses between the student's sandbox and the checks (the answers a notebook kept, the
arguments and results of a function answer) is written with :func:`dumps` and read with
:func:`loads`. JSON carries no code, and reading it back builds only containers, numbers, text,
numpy values and the engine's own types (:data:`ENGINE`), each from its parts as
``__reduce_ex__`` gives them (the way ``pickle`` does, with none of its opcodes). Any other value,
a function, a class or an object whose ``==`` is the student's own, is :class:`NotData`.

>>> loads(dumps({"answer": [1.5, ("Ah", None)], 7: {frozenset({2})}}))
{'answer': [1.5, ('Ah', None)], 7: {frozenset({2})}}
>>> from cardcommons import Pack, parse_cards
>>> loads(dumps([Pack.whisky(3), parse_cards("As Jo")])) == [Pack.whisky(3), parse_cards("As Jo")]
True
>>> class Always:
...     def __eq__(self, other):
...         return True
>>> dumps([Always()])
Traceback (most recent call last):
...
cardcommons.classkit.data.NotData: ...Always is not a type of data
"""

from __future__ import annotations

import base64
import copyreg
import importlib
import json
import math
import sys
from collections.abc import Callable
from typing import Any

ENGINE = (
    "cards",
    "categories",
    "hands",
    "packs",
    "odds",
    "census",
    "rates",
    "simulate",
    "lookup",
    "game",
    "whisky",
    "split_and_choose",
    "solve",
    "bots",
)
"""The engine's modules whose types are values (not the class kit, the widgets, progress bars or runners)."""

BUILDERS = frozenset(
    {
        ("random", "Random"),
        ("fractions", "Fraction"),
        ("collections", "Counter"),
        ("collections", "OrderedDict"),
        ("cardcommons.lookup", "hand_table"),  # a pack's hand table, built again from the pack
    }
)
"""Builders outside the engine's classes that make a value from data (and run nothing else); numpy values
are written as their dtype, shape and bytes."""


class NotData(ValueError):
    """A value that cannot cross as data (a function, an object of the student's own type...)."""


def _engine(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "cardcommons" and len(parts) > 1 and parts[1] in ENGINE


def builder(module: str, name: str) -> Callable[..., Any]:
    """The builder ``module.name``: one of :data:`BUILDERS`, or a class of the engine's own (not an exception).

    >>> builder("cardcommons.packs", "Pack").__name__
    'Pack'
    >>> builder("os", "system")
    Traceback (most recent call last):
    ...
    cardcommons.classkit.data.NotData: os.system is not a type of data
    """
    if (module, name) in BUILDERS or (_engine(module) and name.isidentifier()):
        try:
            found = getattr(importlib.import_module(module), name)
        except (ImportError, AttributeError):
            found = None
        engine_type = isinstance(found, type) and found.__module__ == module and not issubclass(found, BaseException)
        if found is not None and ((module, name) in BUILDERS or engine_type):
            return found  # type: ignore[no-any-return]
    raise NotData(f"{module}.{name} is not a type of data")


def _named(value: Any) -> list[str]:
    """``[module, name]`` of a builder, or :class:`NotData`."""
    module, name = getattr(value, "__module__", None), getattr(value, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(name, str) or builder(module, name) is not value:
        raise NotData(f"{getattr(value, '__qualname__', type(value).__name__)} is not a type of data")
    return [module, name]


def encode(value: Any) -> Any:
    """``value`` as JSON-ready data, or :class:`NotData`."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if kind is list:
        return [encode(member) for member in value]
    if kind in (tuple, set, frozenset):
        return {f"${kind.__name__}": [encode(member) for member in value]}
    if kind is dict:
        return {"$dict": [[encode(key), encode(member)] for key, member in value.items()]}
    if kind in (bytes, bytearray):
        return {f"${kind.__name__}": base64.b64encode(value).decode("ascii")}
    if kind is complex:
        return {"$complex": [value.real, value.imag]}
    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.generic | numpy.ndarray):
        if value.dtype.hasobject or value.dtype.fields is not None:
            raise NotData(f"a numpy value of dtype {value.dtype} is not data")
        shape = list(value.shape) if isinstance(value, numpy.ndarray) else None
        return {"$numpy": [value.dtype.str, shape, base64.b64encode(value.tobytes()).decode("ascii")]}
    _named(kind)  # only the types that read back as data are written
    return {"$reduce": _reduced(value)}


def _reduced(value: Any) -> list[Any]:
    """What ``__reduce_ex__`` gives for a value of a data type: its builder, arguments, state and members."""
    reduced = value.__reduce_ex__(4)
    if not isinstance(reduced, tuple) or not 2 <= len(reduced) <= 5:
        raise NotData(f"a value of type {type(value).__name__} is not data")
    build, args, state, items, pairs = (*reduced, None, None, None)[:5]
    if build is copyreg.__newobj__:  # type: ignore[attr-defined]
        build, args, new = args[0], args[1:], True
    else:
        new = False
    return [
        _named(build),
        new,
        encode(tuple(args)),
        encode(state),
        None if items is None else encode(list(items)),
        None if pairs is None else encode(dict(pairs)),
    ]


def decode(data: Any) -> Any:
    """The value that :func:`encode` wrote, built again from data; :class:`NotData` if it is not such data."""
    if data is None or type(data) in (bool, int, str, float):
        return data
    if type(data) is list:
        return [decode(member) for member in data]
    if type(data) is not dict or len(data) != 1:
        raise NotData("not data written by encode")
    ((tag, body),) = data.items()
    if tag == "$float":
        return float(body if body in ("nan", "inf", "-inf") else "nan")
    if tag in ("$tuple", "$set", "$frozenset"):
        return {"$tuple": tuple, "$set": set, "$frozenset": frozenset}[tag](decode(body))
    if tag == "$dict":
        return {decode(key): decode(member) for key, member in body}
    if tag in ("$bytes", "$bytearray"):
        return (bytes if tag == "$bytes" else bytearray)(base64.b64decode(body))
    if tag == "$complex":
        return complex(*body)
    if tag == "$numpy":
        return _numpy(*body)
    if tag == "$reduce":
        return _built(body)
    raise NotData(f"{tag!r} is not a kind of data")


def _numpy(dtype: str, shape: list[int] | None, raw: str) -> Any:
    """A numpy array (or, with no shape, a scalar) of a plain dtype, from its bytes."""
    import numpy

    kind = numpy.dtype(dtype)
    if kind.hasobject or kind.fields is not None:
        raise NotData(f"a numpy value of dtype {kind} is not data")
    values = numpy.frombuffer(base64.b64decode(raw), dtype=kind)
    return values[0] if shape is None else values.reshape(shape).copy()


def _built(body: list[Any]) -> Any:
    (module, name), new, args, state, items, pairs = body
    build: Any = builder(module, name)
    parts = decode(args)
    value = build.__new__(build, *parts) if new else build(*parts)
    state = decode(state)
    if state is not None:
        _set_state(value, state)
    if items is not None:
        value.extend(decode(items))
    if pairs is not None:
        for key, member in decode(pairs).items():
            value[key] = member
    return value


def _set_state(value: Any, state: Any) -> None:
    """Set a built value's state as ``pickle`` does: ``__setstate__``, or its ``__dict__`` and slots."""
    setstate = getattr(value, "__setstate__", None)
    if setstate is not None:
        setstate(state)
        return
    attributes, slots = state if isinstance(state, tuple) and len(state) == 2 else (state, None)
    for part in (attributes, slots):
        if isinstance(part, dict):
            for key, member in part.items():
                object.__setattr__(value, key, member)


def dumps(value: Any) -> str:
    """``value`` as JSON text (one line), or :class:`NotData`."""
    try:
        return json.dumps(encode(value), allow_nan=False, separators=(",", ":"))
    except RecursionError as error:
        raise NotData("a value nested too deep (or that holds itself) is not data") from error


def loads(text: str | bytes) -> Any:
    """The value :func:`dumps` wrote, or :class:`NotData` (never anything that runs code)."""
    try:
        return decode(json.loads(text))
    except NotData:
        raise
    except Exception as error:  # whatever the data, building it again fails as not data
        raise NotData(f"not data written by dumps ({type(error).__name__})") from error
