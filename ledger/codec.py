"""Canonical bytes and hashes: how facts are written so they read back the same forever.

Bodies are msgspec Structs encoded as JSON with sorted keys. Each stored row's hash covers
the previous row's hash and the canonical bytes of ``[seq, type, body, actor, recorded_at]``,
so editing, deleting or reordering any row breaks the chain from that row on. A fact hidden
from someone (a card in a hand) carries a random ``salt`` member in its body, so that its hash
commits to it without telling it (``salted``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from typing import Any

import msgspec

GENESIS = "0" * 64  # the "previous hash" of a game's first row
SALT = "salt"  # the member a hidden fact's body carries beside its fields (``salted``)
# Arrays and objects within one another that a line read from outside may hold. The referee's
# own lines hold under 10; a parser recurses once a level, and a few hundred exhaust its stack.
MAX_NESTING = 64

_encoder = msgspec.json.Encoder(order="sorted")


def encode(value: Any) -> str:
    """The canonical JSON text of a Struct (or any msgspec-encodable value)."""
    return _encoder.encode(value).decode()


def new_salt() -> str:
    """A fresh salt: 128 random bits as 32 lowercase hex digits."""
    import secrets

    return secrets.token_hex(16)


def salted(value: msgspec.Struct, salt: str) -> str:
    """The canonical JSON text of a Struct with one more member, ``"salt": salt``, in its sorted
    place: the stored body of a fact hidden from someone. A hidden fact is one of a few values
    (a card of a known deck), so a page sent its hash but not its body could hash each guess
    and find it; with a salt it cannot. Decoding ignores the member (no fact has a field of
    that name), so the fact reads back as it was decided."""
    members = msgspec.json.decode(_encoder.encode(value))
    if not isinstance(members, dict) or SALT in members:
        raise TypeError(f"{type(value).__name__} cannot carry a {SALT!r} member")
    members[SALT] = salt
    return encode(members)


def tag_of(struct: msgspec.Struct) -> str:
    """The explicit tag a Struct class carries; it is the row's ``type`` in the log."""
    tag = type(struct).__struct_config__.tag
    if not isinstance(tag, str):
        raise TypeError(f"{type(struct).__name__} needs an explicit string tag")
    return tag


def payload(seq: int, type_: str, body: str, actor: str, recorded_at: str) -> bytes:
    """The canonical bytes of one row that its hash covers: the compact JSON of
    ``[seq, type, body, actor, recorded_at]`` (``body`` as stored, verbatim). A body that is not
    text (a NULL put in by hand) is encoded as the value it is: no row the referee wrote has it."""
    return _encoder.encode([seq, type_, stored_body(body), actor, recorded_at])


def stored_body(body: str) -> Any:
    """A row's body as its JSON, verbatim; one that is not text (a NULL put in by hand) as the
    value it is."""
    return msgspec.Raw(body.encode()) if isinstance(body, str) else body


def row_hash(prev_hash: str, seq: int, type_: str, body: str, actor: str, recorded_at: str) -> str:
    """The hash of one row: sha256 over the previous row's hash (64 hex digits, as ASCII) and the
    row's ``payload``. A previous hash that is not text (a NULL put in by hand) is hashed as its
    ``str``: no row the referee wrote matches it, so the row is named as altered."""
    return hashlib.sha256(str(prev_hash).encode() + payload(seq, type_, body, actor, recorded_at)).hexdigest()


def chain_holds(rows: Iterable[tuple[int, str, str, str, str, str]], prev: str, first: int) -> bool:
    """Whether rows ``(seq, type, body, actor, recorded_at, hash)`` follow the row whose hash is
    ``prev``, from seq ``first`` on, each matching its hash (``row_hash``): every payload is
    encoded in one call (JSON Lines: a stored body holds no newline, or the count tells)."""
    rows = list(rows)
    raw = msgspec.Raw
    if not isinstance(prev, str):  # a first row's previous hash put in by hand as NULL
        return False
    try:
        lines = _encoder.encode_lines([(r[0], r[1], raw(r[2]), r[3], r[4]) for r in rows]).split(b"\n")
    except TypeError:  # a body that is not text (a NULL put in by hand): `row_hash` names the row
        return False
    if len(lines) != len(rows) + 1:
        return False
    sha256 = hashlib.sha256
    expected = first
    for (seq, _, _, _, _, digest), payload in zip(rows, lines, strict=False):
        if seq != expected or sha256(prev.encode() + payload).hexdigest() != digest:
            return False
        prev = digest
        expected += 1
    return True


_STRING = re.compile(r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}\n]+")
_INNERMOST = re.compile(r"\[\]|\{\}")


def too_deep(text: str, limit: int = MAX_NESTING) -> int | None:
    """The index of the first line of JSON ``text`` that nests arrays and objects more than
    ``limit`` deep, or None: found without parsing (and so without recursing), by taking away
    the strings, then all but the brackets, then the innermost pairs ``limit`` times over."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _ in range(limit):
        brackets, found = _INNERMOST.subn("", brackets)
        if not found:
            return None
    deeper = _INNERMOST.search(brackets)
    return None if deeper is None else brackets.count("\n", 0, deeper.start())


def utcnow() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat(timespec="microseconds")
