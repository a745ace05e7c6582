"""A group's own card faces as a TOML file: read as a game's declarations, written back.

The file holds what a rulebook does not print, so it is the group's, never the publisher's.
Each game says which sections it has and what each entry holds; reading and writing the
TOML, and the one-line errors a person can fix the file from, are the same for all.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ledger.codec import MAX_NESTING
from ledger.errors import BadInput


def parse(text: str, sections: tuple[str, ...]) -> dict[str, Any]:
    """The TOML document, with only the ``sections`` a game knows."""
    import tomllib  # only here: every other command starts faster without it

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadInput(f"cards file is not TOML: {error}") from None
    except RecursionError:  # tomllib recurses at every level: a few hundred exhaust its stack
        raise _too_deep() from None
    if _deeper_than(doc, MAX_NESTING):  # parsed here, but too deep for whatever reads it next
        raise _too_deep()
    unknown = set(doc) - set(sections)
    if unknown:
        raise BadInput(f"cards file: unknown section {sorted(unknown)[0]!r}", legal=", ".join(sections))
    return doc


def _too_deep() -> BadInput:
    return BadInput(
        f"cards file: it nests arrays and tables more than {MAX_NESTING} deep",
        legal="a cards file holds tables of names, numbers and short lists",
    )


def _deeper_than(doc: dict[str, Any], limit: int) -> bool:
    """Whether ``doc`` nests lists and tables more than ``limit`` deep (walked a level at a
    time, without recursing)."""
    level: list[Any] = [doc]
    for _ in range(limit):
        level = [
            value
            for container in level
            for value in (container.values() if isinstance(container, dict) else container)
            if isinstance(value, dict | list)
        ]
        if not level:
            return False
    return True


def entries(doc: dict[str, Any], key: str, named: str = "name") -> list[dict[str, Any]]:
    """The ``[[key]]`` tables of the document, each with a non-empty ``named`` field."""
    found = doc.get(key, [])
    if not isinstance(found, list) or not all(isinstance(e, dict) for e in found):
        raise BadInput(f"cards file: [[{key}]] must be tables")
    for entry in found:
        value = entry.get(named)
        if not (isinstance(value, str) and value.strip()) and not (
            isinstance(value, int) and named != "name"
        ):
            raise BadInput(f"cards file: every [[{key}]] needs a {named}")
    return found


def keys(entry: dict[str, Any], allowed: set[str], where: str) -> None:
    """``BadInput`` for a key the entry may not have."""
    extra = set(entry) - allowed
    if extra:
        raise BadInput(f"cards file: {where}: unknown key {sorted(extra)[0]!r}")


def strings(entry: dict[str, Any], key: str, allowed: tuple[str, ...], where: str) -> tuple[str, ...] | None:
    """A list of names from ``allowed`` (lower case), or None if the key is absent."""
    value = entry.get(key)
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(f"cards file: {where}: {key} must be a list of names")
    items = tuple(v.lower() for v in value)
    for item in items:
        if item not in allowed:
            raise BadInput(f"cards file: {where}: unknown {key} {item!r}", legal=", ".join(allowed))
    return items


def toml_string(text: str) -> str:
    """A TOML basic string (a JSON string is one)."""
    return msgspec.json.encode(text).decode()


def toml_array(items: tuple[str, ...] | list[str]) -> str:
    return "[" + ", ".join(toml_string(item) for item in items) + "]"


def toml_value(value: Any) -> str:
    """A TOML value for plain data: booleans, numbers, strings, lists, inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    raise TypeError(value)


def toml_entry(section: str, face: msgspec.Struct, repeated: bool) -> list[str]:
    """A declared face as the lines of its ``[[section]]`` (or ``[section]``) table."""
    fields = msgspec.to_builtins(face)
    fields.pop("type", None)
    return [
        f"[[{section}]]" if repeated else f"[{section}]",
        *(f"{k} = {toml_value(v)}" for k, v in fields.items()),
        "",
    ]
