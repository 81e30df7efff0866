"""The one cattrs converter, and TOML documents built with it (saves and other game files).

A document written by :func:`to_toml_text` looks like this::

    schema_version = 1          # FORMAT_VERSION at the time of writing
    kind = "hedgemony-save"     # what the file holds; the reader says what it expects

    [data]                      # the object itself, as cattrs unstructured it
    turn = 3
    ...

    [end]                       # written last: a file cut short has no end marker
    complete = true
    sha256 = "9f2c..."          # of everything before [end]: a changed file is refused

:func:`from_toml_text` checks ``kind``, refuses a ``schema_version`` newer than
:data:`FORMAT_VERSION`, upgrades an older document through :data:`MIGRATIONS`, then
structures ``data``. The ``sha256`` in ``[end]`` is checked first (see
:func:`checksum`): a file edited or damaged after it was written is refused, unless the
reader passes ``allow_edited=True`` (a person who edits a save on purpose says so).
Every failure is a :class:`~.errors.SaveError` whose message
names what is wrong, with ``@ $.path`` locations inside ``data``.

Contracts for classes that go through this converter (attrs frozen classes):

* **None**: TOML has no null, so ``None`` attribute values are left out of the file
  and come back from the attribute's default. An attribute that may be ``None``
  must therefore have ``default=None``; saving an object that breaks this raises.
  ``None`` inside a tuple or a dict value cannot be written at all.
* **Collections**: tuples and lists are written as arrays; sets and frozensets as
  sorted arrays (so that a save is byte-stable); dicts need ``str`` or ``StrEnum``
  keys (plain ``Enum`` keys do not come back).
* **Enums**: ``StrEnum`` members are written as their values.
* **Unions of classes** must be registered with :func:`register_tagged_union`,
  which adds a ``type = "<TAG>"`` field to each member's table.
* **Integers** outside TOML's 64-bit range are written as strings of digits, which
  only the matching ``int`` attribute accepts back.
* Reading is strict: a string where an int belongs, a number where a string
  belongs, a key the class does not have - all refused, never coerced.

Never pickle, never eval: the only input path is ``tomlsafe`` (``tomllib`` behind
checks against nesting and key bombs) then cattrs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any, Optional, TypeVar, get_args

import attrs
import cattrs
import tomli_w
from cattrs.cols import (
    is_any_set,
    is_frozenset,
    is_sequence,
    list_structure_factory,
)
from cattrs.errors import ForbiddenExtraKeysError
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn
from cattrs.preconf.tomllib import make_converter
from cattrs.v import format_exception as cattrs_format_exception

from . import tomlsafe
from .errors import SaveError
from .text import inert

T = TypeVar("T")

FORMAT_VERSION = 2
"""The ``schema_version`` this code writes, and the newest it reads (2 added ``[end]``)."""

DATA_KEY = "data"
"""The top-level key under which the object itself is stored."""
END_KEY = "end"
END_MARK = {"complete": True}
"""The last table of a document: TOML that stops early can still parse, so a file cut
at a line boundary would otherwise load as a shorter, wrong game."""
CHECKSUM_KEY = "sha256"
"""The key in ``[end]`` holding the checksum of the document before it (:func:`checksum`)."""
EDITED_HINT = (
    "If you edited it on purpose, open it with --allow-edited (it must still obey the rules);"
    " otherwise restore the backup or a copy."
)


def _add_end_mark(document: dict[str, Any]) -> dict[str, Any]:
    return {**document, END_KEY: dict(END_MARK)}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _add_end_mark}
"""Upgrades, keyed by the version they read: ``MIGRATIONS[n]`` turns a version-``n``
document (the whole parsed file, ``schema_version``/``kind``/``data``) into a
version-``n + 1`` one. It works on plain dicts, never on classes, so it keeps working
after the classes change again; the caller sets ``schema_version`` afterwards."""

_HEADER_KEYS = frozenset({"schema_version", "kind", DATA_KEY, END_KEY})
_INT64 = range(-(2**63), 2**63)
_BIG_INT = re.compile(r"-?[0-9]+")
_MAX_MESSAGES = 6

converter = make_converter(forbid_extra_keys=True)
"""The converter every serialized game object goes through."""


class _Problem(ValueError):
    """A structuring failure whose text is already written for a person."""

    def __init__(self, text: str) -> None:
        self.text = text
        super().__init__(text)


def _show(value: Any) -> str:
    """A short rendering of a bad value, for messages."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _expected(what: str, value: Any) -> _Problem:
    return _Problem(f"expected {what}, got {type(value).__name__} {_show(value)}")


# --- scalars: strict both ways -------------------------------------------------------
# cattrs' default for int/str/bool is to call the type, so "12" would become 12 and
# "false" would become True. A hand-edited save must be refused instead.
# These hooks are found through singledispatch, which follows the MRO: StrEnum values
# reach the str hook, IntEnum values and bools the int hook, hence the checks below.


def _structure_enum(value: Any, cl: type[Enum]) -> Enum:
    try:
        return cl(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in cl)
        raise _Problem(f"expected one of {allowed}, got {_show(value)}") from None


def _unstructure_int(value: int) -> int | str | bool:
    if isinstance(value, Enum):
        return int(value)  # an int-valued Enum (IntEnum): its member is that int
    # Python ints have no limit, TOML's stop at 64 bits; tomllib would read a longer one
    # back but other TOML readers may not, so those go out as strings of digits.
    return value if value in _INT64 or isinstance(value, bool) else str(value)


def _structure_int(value: Any, cl: Any) -> Any:
    if issubclass(cl, Enum):
        return _structure_enum(value, cl)
    if isinstance(value, int) and not isinstance(value, bool):
        return value if cl is int else cl(value)
    if isinstance(value, str) and _BIG_INT.fullmatch(value) and int(value) not in _INT64:
        return cl(value)
    raise _expected("int", value)


def _structure_str(value: Any, cl: Any) -> Any:
    if issubclass(cl, Enum):
        return _structure_enum(value, cl)
    if isinstance(value, str):
        return value if cl is str else cl(value)
    raise _expected("str", value)


def _structure_bool(value: Any, _: type) -> bool:
    if isinstance(value, bool):
        return value
    raise _expected("bool (true or false)", value)


def _structure_float(value: Any, _: type) -> float:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    raise _expected("float", value)


converter.register_unstructure_hook(int, _unstructure_int)
converter.register_structure_hook(int, _structure_int)
converter.register_structure_hook(bool, _structure_bool)
converter.register_structure_hook(str, _structure_str)
converter.register_structure_hook(float, _structure_float)
converter.register_structure_hook(Enum, _structure_enum)


# --- collections -----------------------------------------------------------------------


def _sort_key(value: Any) -> tuple[str, Any]:
    # Grouping by type name first keeps mixed elements from comparing str with int;
    # tables and arrays have no order of their own, so their repr stands in.
    plain = isinstance(value, (str, int, float))
    return type(value).__name__, value if plain else repr(value)


@converter.register_unstructure_hook_factory(is_any_set)
def _set_unstructure_factory(cl: Any) -> Callable[[Iterable[Any]], list[Any]]:
    args = get_args(cl)
    element = converter.get_unstructure_hook(args[0]) if args else converter.unstructure

    def unstructure_set(value: Iterable[Any]) -> list[Any]:
        return sorted((element(item) for item in value), key=_sort_key)

    return unstructure_set


def _is_array_type(cl: Any) -> bool:
    return is_sequence(cl) or is_any_set(cl)


@converter.register_structure_hook_factory(_is_array_type)
def _array_structure_factory(cl: Any) -> Callable[[Any, type], Any]:
    # cattrs happily iterates a string into characters; an array must be an array.
    args = get_args(cl)
    element = args[0] if args else Any
    # ``element`` is a type found at run time (the array's own argument), not a static one.
    as_list = list_structure_factory(list[element], converter)  # type: ignore[valid-type]
    origin = getattr(cl, "__origin__", cl)
    if is_any_set(cl):
        build: Callable[[list[Any]], Any] = frozenset if is_frozenset(cl) else set
    elif origin is tuple:
        build = tuple
    else:
        build = list

    def structure_array(value: Any, _: type) -> Any:
        if not isinstance(value, list):
            raise _expected("an array", value)
        return build(as_list(value, list))

    return structure_array


# --- attrs classes: None stays out of the file -------------------------------------------


@converter.register_unstructure_hook_factory(attrs.has)
def _attrs_unstructure_factory(cl: type) -> Callable[[Any], dict[str, Any]]:
    base: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cl, converter)
    may_be_none = {a.alias for a in attrs.fields(cl) if a.default is None}

    def unstructure_attrs(value: Any) -> dict[str, Any]:
        out = {}
        for key, item in base(value).items():
            if item is not None:
                out[key] = item
            elif key not in may_be_none:
                # Dropped, it would come back as the default, not as None: refuse now,
                # at save time, rather than lose the value silently.
                raise TypeError(
                    f"{cl.__name__}.{key} is None but its default is not None; "
                    "TOML has no null, so an attribute that may be None needs default=None"
                )
        return out

    return unstructure_attrs


@converter.register_structure_hook_factory(attrs.has)
def _attrs_structure_factory(cl: type) -> Callable[[Any, type], Any]:
    base: Callable[[Any, type], Any] = make_dict_structure_fn(cl, converter)

    def structure_attrs(value: Any, _: type) -> Any:
        if not isinstance(value, dict):
            raise _expected(f"a table ({cl.__name__})", value)
        return base(value, cl)

    return structure_attrs


# --- tagged unions ---------------------------------------------------------------------


def _tag_of(cl: type) -> str:
    tag = getattr(cl, "TAG", cl.__name__)
    if not isinstance(tag, str) or not tag:
        raise TypeError(f"{cl.__name__}.TAG must be a non-empty string")
    return tag


def register_tagged_union(union_type: Any, classes: Iterable[type], tag: str = "type") -> None:
    """Write members of ``union_type`` with a ``tag`` field naming their class, and read them back.

    The tag value is the class attribute ``TAG: ClassVar[str]``, or the class name if
    there is none. ``Optional[union_type]`` is registered too (attributes of that type
    must default to None, as everywhere). Register before the first save or load of a
    class that uses the union: cattrs caches the hooks it builds.
    """
    members = tuple(classes)
    by_tag: dict[str, type] = {}
    for cl in members:
        if not attrs.has(cl):
            raise TypeError(f"{cl!r} is not an attrs class")
        if tag in {a.alias for a in attrs.fields(cl)}:
            raise TypeError(f"{cl.__name__} has an attribute named {tag!r}, the union's tag")
        name = _tag_of(cl)
        if name in by_tag:
            raise TypeError(f"{cl.__name__} and {by_tag[name].__name__} share the tag {name!r}")
        by_tag[name] = cl
    tag_by_class = {cl: name for name, cl in by_tag.items()}
    allowed = ", ".join(repr(name) for name in by_tag)
    # Member hooks are looked up on first use, not now, so that a member may itself
    # hold the union (a composite decision) and classes may be registered in any order.
    unstructure_hooks: dict[type, Callable[[Any], dict[str, Any]]] = {}
    structure_hooks: dict[type, Callable[[Any, type], Any]] = {}

    def unstructure_union(value: Any) -> dict[str, Any] | None:
        if value is None:  # the Optional form; the attrs hook then leaves it out
            return None
        cl = value.__class__
        if cl not in tag_by_class:
            raise TypeError(f"{cl.__name__} is not registered in this tagged union ({allowed})")
        if cl not in unstructure_hooks:
            # A union of one class is that class, and the converter's hook for it is this
            # one: the member's own attrs hook is built instead (a game with one intent).
            own = cl is union_type
            unstructure_hooks[cl] = _attrs_unstructure_factory(cl) if own else converter.get_unstructure_hook(cl)
        # The tag goes first so that a person reading the file sees the kind at once.
        return {tag: tag_by_class[cl], **unstructure_hooks[cl](value)}

    def structure_union(value: Any, _: type) -> Any:
        if not isinstance(value, dict):
            raise _expected("a table", value)
        if tag not in value:
            raise _Problem(f"missing {tag!r} key (one of {allowed})")
        name = value[tag]
        if name not in by_tag:
            raise _Problem(f"unknown {tag} {_show(name)} (expected one of {allowed})")
        cl = by_tag[name]
        if cl not in structure_hooks:
            own = cl is union_type  # as above: a union of one class
            structure_hooks[cl] = _attrs_structure_factory(cl) if own else converter.get_structure_hook(cl)
        rest = {key: item for key, item in value.items() if key != tag}
        return structure_hooks[cl](rest, cl)

    # Optional[...] is a value here (a second key of the converter's hooks), not an annotation.
    for target in (union_type, Optional[union_type]):  # noqa: UP045
        converter.register_unstructure_hook(target, unstructure_union)
        converter.register_structure_hook(target, structure_union)


# --- documents -------------------------------------------------------------------------


def _format_exception(exc: BaseException, cl: type | None) -> str:
    if isinstance(exc, _Problem):
        return exc.text
    if isinstance(exc, ForbiddenExtraKeysError):
        keys = ", ".join(repr(key) for key in sorted(exc.extra_fields))
        return f"unknown key{'s' if len(exc.extra_fields) > 1 else ''} {keys}"
    if cl is None and isinstance(exc, (ValueError, TypeError)):
        # Raised by a class's own validator: its message is the useful part.
        return f"invalid value ({exc})"
    return cattrs_format_exception(exc, cl).removeprefix("invalid value for type, ")


def _describe(exc: BaseException) -> str:
    lines = cattrs.transform_error(exc, path="$", format_exception=_format_exception)
    shown = "; ".join(lines[:_MAX_MESSAGES])
    more = len(lines) - _MAX_MESSAGES
    return shown + (f"; and {more} more" if more > 0 else "")


@attrs.frozen
class FileKind:
    """What a kind of file is called, the ``schema_version`` this code writes for it, the
    migrations that bring older versions up to it, and the top-level tables it may hold
    beside ``[data]`` and ``[end]`` (a game's save keeps its journal and seats there)."""

    name: str
    version: int = FORMAT_VERSION
    migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = attrs.field(factory=lambda: dict(MIGRATIONS))
    tables: frozenset[str] = frozenset()
    checksum_since: int | None = None
    """The first version of this kind whose files must carry a checksum (older ones were
    written before checksums; None: checked when present, never required)."""


def checksum(document: Mapping[str, Any]) -> str:
    """The sha256 (hex) of ``document`` without its ``[end]``, as canonical TOML text.

    The text hashed is ``tomli_w``'s rendering of the parsed data, not the bytes of the
    file: the same data always gives the same text, so a save re-read and re-written is
    stable, line endings or a byte-order mark added by an editor do not matter, and a
    changed digit anywhere does.
    """
    body = {key: value for key, value in document.items() if key != END_KEY}
    return hashlib.sha256(tomli_w.dumps(body).encode("utf-8")).hexdigest()


def _kind(kind: str | FileKind) -> FileKind:
    # A plain name is a generic file: the module's version and migrations, read at call
    # time (the tests change them to try a migration).
    return kind if isinstance(kind, FileKind) else FileKind(kind, FORMAT_VERSION, MIGRATIONS)


def to_toml_text(obj: Any, *, kind: str | FileKind, tables: Mapping[str, Any] | None = None) -> str:
    """``obj`` as a TOML document of the given ``kind`` at its version; ``tables`` are
    further top-level tables (already plain data, or attrs objects to unstructure)."""
    spec = _kind(kind)
    try:
        data = converter.unstructure(obj)
        document: dict[str, Any] = {"schema_version": spec.version, "kind": spec.name, DATA_KEY: data}
        for key, value in (tables or {}).items():
            if key not in spec.tables:
                raise ValueError(f"{key!r} is not a table of a {spec.name} file")
            document[key] = converter.unstructure(value)
        # Plain data renders as the same text before writing and after reading back
        # (tests/saves check it on real games), so there is no need to parse it here.
        document[END_KEY] = {**END_MARK, CHECKSUM_KEY: checksum(document)}
        return tomli_w.dumps(document)
    except (TypeError, ValueError) as exc:
        # A bug in a state class, not in the player's file: say so, keep the message.
        raise SaveError(
            f"this {spec.name} cannot be written as TOML ({exc})",
            hint="This is a bug in Hedgemony TUI; please report it. Nothing was written.",
        ) from exc


def _upgrade(document: dict[str, Any], version: int, spec: FileKind) -> dict[str, Any]:
    while version < spec.version:
        step = spec.migrations.get(version)
        if step is None:
            raise SaveError(
                f"this file is in format {version}, which this Hedgemony TUI can no longer read"
                f" (it reads {spec.version})",
                hint="Open it with an older release of Hedgemony TUI.",
            )
        try:
            document = step(dict(document))
        except Exception as exc:
            raise SaveError(
                f"this file could not be upgraded from format {version} to {version + 1} ({type(exc).__name__}: {exc})",
                hint="It may be damaged; try the backup or an older release of Hedgemony TUI.",
            ) from exc
        if not isinstance(document, dict):
            raise TypeError(f"MIGRATIONS[{version}] returned {type(document).__name__}, not a dict")
        version += 1
        document["schema_version"] = version
    return document


def peek_kind(text: str) -> object:
    """The ``kind`` a document says it holds, without checking anything else (None if
    it is not TOML or names none): to choose the game before reading a save."""
    # Top-level keys come before the first table header, so the head alone holds ``kind``:
    # parsing only that spares a second parse of the whole file (read_document does it).
    head = text.split("\n[", 1)[0]
    try:
        return tomlsafe.loads(head, what="this file", max_bytes=tomlsafe.MAX_SAVE_BYTES).get("kind")
    except ValueError:
        pass  # a head cut inside a multi-line string, say: read the whole text
    try:
        return tomlsafe.loads(text, what="this file", max_bytes=tomlsafe.MAX_SAVE_BYTES).get("kind")
    except tomlsafe.UnsafeToml as exc:
        raise SaveError(exc.problem, hint="Choose a save file that Hedgemony TUI wrote.") from None
    except ValueError:  # tomllib.TOMLDecodeError; read_document words it
        return None


def _check_sum(document: dict[str, Any], version: int, spec: FileKind, allow_edited: bool) -> None:
    """Refuse a document changed since it was written (its checksum); the end mark itself
    is checked after any upgrade (a version-1 file has none)."""
    end = document.get(END_KEY)
    if allow_edited or not isinstance(end, dict):
        return
    found = end.get(CHECKSUM_KEY)
    if found is None:
        if spec.checksum_since is not None and version >= spec.checksum_since:
            raise SaveError(
                f"the file was changed after it was saved: its [{END_KEY}] table has no {CHECKSUM_KEY}",
                hint=EDITED_HINT,
            )
        return
    if found != checksum(document):
        raise SaveError(
            f"the file was changed after it was saved: the {CHECKSUM_KEY} in [{END_KEY}]"
            " does not match the data before it",
            hint=EDITED_HINT,
        )


def _other_kind(found: object, expected: str) -> str:
    """What a file of the wrong kind is, in words (its ``kind`` made inert: it is the file's text)."""
    if found is None:
        return f"this file names no kind, so it is not a {expected} file"
    if not isinstance(found, str):
        return f"this file's kind is {inert(_show(found))}, not {expected!r}"
    return f"this is a {inert(_show(found))} file, not a {expected} file"


def _games_hint(expected: str) -> str:
    # A save of one game given where another's is expected (``--game``): the file picks
    # its own game when no --game is given.
    return " (without --game, a save opens in the game that wrote it)" if expected.endswith("-save") else ""


def read_document(text: str, kind: str | FileKind, *, allow_edited: bool = False) -> dict[str, Any]:
    """The parsed document, checked (TOML, kind, version, end mark and checksum, known
    tables) and upgraded to ``kind``'s current version; :class:`~.errors.SaveError`
    otherwise. ``allow_edited`` skips only the checksum (a save edited on purpose)."""
    spec = _kind(kind)
    try:
        document = tomlsafe.loads(text, what="this file", max_bytes=tomlsafe.MAX_SAVE_BYTES)
    except tomlsafe.UnsafeToml as exc:
        raise SaveError(exc.problem, hint="Choose a file that Hedgemony TUI wrote, or restore the backup.") from None
    except ValueError as exc:  # tomllib.TOMLDecodeError
        raise SaveError(
            f"this is not readable TOML ({exc})",
            hint="The file may be damaged or cut short; restore the backup or a copy.",
        ) from exc
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(
            "this has no valid schema_version at the top, so it is not a Hedgemony TUI file",
            hint="Choose a file that Hedgemony TUI wrote.",
        )
    # The kind first: a file of another kind says nothing about this kind's formats, so
    # its (perhaps higher) version must not read as "written by a newer release".
    found = document.get("kind")
    if found != spec.name:
        raise SaveError(_other_kind(found, spec.name), hint=f"Choose a {spec.name} file{_games_hint(spec.name)}.")
    if version > spec.version:
        raise SaveError(
            f"this {spec.name} was written by a newer Hedgemony TUI"
            f" (format {version}; this one reads up to {spec.version})",
            hint="Update Hedgemony TUI to open it.",
        )
    # The checksum covers the document as written, so it is checked before any upgrade.
    _check_sum(document, version, spec, allow_edited)
    document = _upgrade(document, version, spec)
    unknown = sorted(set(document) - _HEADER_KEYS - spec.tables)
    if unknown:
        raise SaveError(
            f"unknown top-level key{'s' if len(unknown) > 1 else ''} " + ", ".join(repr(key) for key in unknown),
            hint="If you edited the file by hand, remove or fix those keys.",
        )
    if DATA_KEY not in document:
        raise SaveError(
            f"the [{DATA_KEY}] table is missing",
            hint="The file may be damaged or cut short; restore the backup or a copy.",
        )
    end = document.get(END_KEY)
    if not isinstance(end, dict) or end.get("complete") is not True or not set(end) <= {"complete", CHECKSUM_KEY}:
        raise SaveError(
            f"the file stops before its [{END_KEY}] table: it may be damaged or cut short",
            hint="Restore the backup or a copy; the [end] table must read `complete = true`.",
        )
    return document


def structure(value: Any, cls: Any, *, kind: str, table: str = DATA_KEY) -> Any:
    """``value`` (from the ``[table]`` of a ``kind`` file) as a ``cls``, or SaveError
    naming the places that do not fit."""
    try:
        return converter.structure(value, cls)
    except Exception as exc:
        raise SaveError(
            f"this {kind} does not fit what Hedgemony TUI expects: {_describe(exc)}",
            hint=f"If you edited the file by hand, fix the places named (@ $ is the [{table}] table);"
            " otherwise it may be damaged or cut short.",
        ) from exc


def from_toml_text(text: str, cls: type[T], *, kind: str | FileKind, allow_edited: bool = False) -> T:
    """The ``cls`` object a :func:`to_toml_text` document of ``kind`` holds.

    Raises :class:`~.errors.SaveError` for anything else: not TOML, another kind, a
    newer format, or data that does not fit ``cls`` (with ``@ $.path`` locations).
    """
    spec = _kind(kind)
    document = read_document(text, spec, allow_edited=allow_edited)
    result: T = structure(document[DATA_KEY], cls, kind=spec.name)
    return result
