"""The move picker of a page: the legal moves now as a tree of choices, a few taps to a move.

Built from the typed ``legal()`` and the game's grammar, never from display text: each legal
command is written in the grammar's words (``text``, whose words ``parse`` reads back to the
same command), the first word is its verb, and the remaining words make a trie, one step per
word still open. Each leaf carries the typed command itself, so a page posts the command,
never words it re-assembled. Each chip says its word as the rulebook does (the game's
``said``, from the typed command: ``food:1`` is ``FOOD at QUALITY 1``), the grammar's words
where the game says none. Two small steps are merged into one where their choices still
fit (``acquire ben``: a FAVOUR's kind and target). A step with more than ``MAX_CHOICES``
choices is grouped by the start of the chips (``DANCE:`` for every way to CONSUME DANCE), then
paged, so no step is a wall of buttons.

A move whose card face nobody has declared yet (the game's optional ``asks``) carries the
questions the player must answer, in the game's words; the page then posts the grammar's words
with the answers, which the game parses as at the command line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from ledger.codec import encode
from ledger.decider import Ask, Game, Unlisted, optional, said, sentence_of
from ledger.decider import words as split_words

MAX_CHOICES = 12  # choices a step shows at most
SEPARATORS = ":@=, "  # where a chip's words are split to group its choices (``GLASS …``)


class Move(msgspec.Struct, frozen=True):
    """A complete move: its words in the grammar, and the typed command a page posts (none
    for an ``Unlisted`` one, whose words and answers are posted); ``label``: its chip where
    it is not the only way on."""

    text: str
    command: str  # the typed command as JSON
    asks: tuple[Ask, ...] = ()
    label: str = ""
    said: str = ""  # the move in the rulebook's words (``decider.sentence``)
    form: bool = False  # asked as one form, every named box a field (``Unlisted.form``)
    fixed: tuple[tuple[str, str], ...] = ()  # what the rulebook prints of it: shown, not editable


class Choice(msgspec.Struct, frozen=True, omit_defaults=True):
    """One chip: a grammar word (or a group of them, ``word`` empty), said as the rulebook says
    it (``label``: the game's ``said``), and the step it leads to."""

    label: str
    word: str
    step: Step
    parts: tuple[str, ...] = ()  # the label of each word, where two steps were merged (``_merge``)


class Step(msgspec.Struct, frozen=True):
    """The choices still open, and the move already complete here (a BUY of 1 card may stop
    here or take a 2nd)."""

    choices: tuple[Choice, ...] = ()
    move: Move | None = None


class Group(msgspec.Struct, frozen=True):
    """One verb's moves (or one kind of them, ``label``: ``favour barter``): what the grammar
    says of the verb, and its tree."""

    verb: str
    help: str
    usage: str
    count: int  # legal moves under it
    step: Step
    label: str = ""  # its chip, where it is one kind of the verb's moves
    said: str = ""  # the verb as the rulebook says it (its first move's ``said``): its chip


class Picker(msgspec.Struct, frozen=True):
    verbs: tuple[Group, ...] = ()


def build(game: Game, state: Any, commands: Iterable[Any], unlisted: Iterable[Unlisted] = ()) -> Picker:
    """The picker of ``commands`` (legal now, for one viewer) in ``game``'s grammar, and of the
    ``unlisted`` moves whose card is new (their face asked)."""
    asks = optional(game, "asks")
    by_verb: dict[str, list[tuple[list[tuple[str, str]], Move]]] = {}
    moves: list[tuple[Move, list[str] | None]] = []
    for c in commands:
        labels = said(game, state, c)  # (once: its chips and its sentence)
        asked = tuple(asks(state, c)) if asks is not None else ()
        moves.append((Move(game.text(c), encode(c), asked, said=sentence_of(game, c, labels)), labels))
    moves += [(Move(u.text, "", u.asks, u.label, form=u.form, fixed=u.fixed), None) for u in unlisted]
    said_verb: dict[str, str] = {}
    for move, labels in moves:
        typed = split_words(move.text)
        words = list(zip(typed, labels or typed, strict=True))  # (the grammar's, where not said)
        verb_name = _verb(game, words[0][0])
        by_verb.setdefault(verb_name, []).append((words[1:], move))
        if labels:
            said_verb.setdefault(verb_name, labels[0])
    verbs = {verb.name: verb for verb in game.verbs}
    out = []
    for name, paths in by_verb.items():
        verb = verbs.get(name)
        help_, usage = (verb.help, verb.usage) if verb else ("", "")
        out.append(Group(name, help_, usage, len(paths), _step(paths), said=said_verb.get(name, "")))
    return Picker(tuple(_kinds(out)))


def _kinds(groups: list[Group]) -> list[Group]:
    """A verb whose first choice starts with a keyword its grammar spells (a FAVOUR's
    ``acquire``, ``barter``, ...) as one chip per kind, ``favour barter``, where the verbs still
    fit: the kind is chosen with the verb, one tap less. Forced words before it (the player's
    own name) and the kind's word stay as its one way on."""
    out = list(groups)
    for group in groups:
        forced: list[str] = []
        forced_said: list[str] = []
        step = group.step
        while step.move is None and len(step.choices) == 1 and step.choices[0].word:
            forced.append(step.choices[0].word)
            forced_said.append(step.choices[0].label)
            step = step.choices[0].step
        keywords = set(group.usage.replace("|", " ").split())
        kinds: dict[str, list[Choice]] = {}
        for choice in step.choices:
            kinds.setdefault(choice.word.split(" ")[0], []).append(choice)
        if (
            step.move is not None
            or len(kinds) < 2
            or len(out) - 1 + len(kinds) > MAX_CHOICES
            or any(not choice.word for choice in step.choices)
            or not keywords.issuperset(kinds)
        ):
            continue
        at = out.index(group)
        out[at : at + 1] = [
            _kind(group, [*forced, word], [*forced_said, (m[0].parts or (m[0].label,))[0]], m)
            for word, m in kinds.items()
        ]
    for group in list(out):
        if group.label:
            _targets(out, group)
    return out


def _targets(out: list[Group], group: Group) -> None:
    """A kind whose next choice is a plain word (a BARTER's target: ``ann``, ``cat``) as one
    chip per word, ``favour barter ann``, where the verbs still fit: its card and what it takes
    are then two taps. In ``out``, in place."""
    words, labels, step = [], [], group.step
    while step.move is None and len(step.choices) == 1 and step.choices[0].word:
        words.append(step.choices[0].word)
        labels.append(step.choices[0].label)
        step = step.choices[0].step
    plain = [c for c in step.choices if c.word and not any(ch in c.word for ch in f"{SEPARATORS} -")]
    if (
        step.move is not None
        or len(step.choices) < 2
        or len(plain) < len(step.choices)
        or any(not c.step.choices for c in step.choices)
        or len(out) - 1 + len(step.choices) > MAX_CHOICES
    ):
        return
    at = out.index(group)
    out[at : at + 1] = [
        replace(
            group,
            count=len(moves(c.step)),
            step=Step((Choice(" ".join([*labels, c.label]), " ".join([*words, c.word]), c.step),)),
            label=f"{group.label} {c.label}",
        )
        for c in step.choices
    ]


def _kind(group: Group, words: list[str], labels: list[str], members: list[Choice]) -> Group:
    """The chip ``favour barter``: ``words`` (forced, then the kind) taken for the player,
    then the rest of each member's words, or the member's own step if it is the kind alone.
    (A step's words are one grammar word each, or each two or more merged (``_merge``): so a
    kind is one member that is the kind alone, or members that each go on.)"""
    rests = [choice.word.partition(" ")[2] for choice in members]
    said = [choice.parts or (choice.label,) for choice in members]
    if len(members) == 1 and not rests[0]:
        inner = members[0].step
    else:
        inner = Step(
            tuple(Choice(" ".join(said[i][1:]), rests[i], choice.step) for i, choice in enumerate(members))
        )
    count = sum(len(moves(choice.step)) for choice in members)
    step = Step((Choice(" ".join(labels), " ".join(words), inner),))
    return replace(group, count=count, step=step, label=f"{group.said or group.verb} {said[0][0]}")


def _verb(game: Game, word: str) -> str:
    for verb in game.verbs:
        if word == verb.name or word in verb.aliases:
            return verb.name
    return word


def _step(paths: Sequence[tuple[list[tuple[str, str]], Move]]) -> Step:
    """The trie of the moves' words; a chip says its word as the first move through it does."""
    move = next((m for words, m in paths if not words), None)
    following: dict[str, list[tuple[list[tuple[str, str]], Move]]] = {}
    labels: dict[str, str] = {}
    for words, m in paths:
        if words:
            following.setdefault(words[0][0], []).append((words[1:], m))
            labels.setdefault(words[0][0], words[0][1])
    choices = [Choice(labels[word], word, _step(rest)) for word, rest in following.items()]
    return Step(_fit(_merge(choices), 1), move)


def _merge(choices: list[Choice]) -> list[Choice]:
    """Two small steps as one, where that still fits (a FAVOUR's kind and its target:
    ``acquire ben``, ``share cat``): one tap less. Only choices that go on without a move of
    their own are merged, and only if every one of them can be."""
    if len(choices) < 2 or any(c.step.move is not None or not c.word for c in choices):
        return choices
    merged = [
        Choice(
            f"{c.label} {next_.label}",
            f"{c.word} {next_.word}",
            next_.step,
            (*(c.parts or (c.label,)), *(next_.parts or (next_.label,))),
        )
        for c in choices
        for next_ in c.step.choices
    ]
    if len(merged) > MAX_CHOICES or any(not next_.word for c in choices for next_ in c.step.choices):
        return choices
    return merged


def _head(word: str, cut: int) -> str:
    """``word`` up to its ``cut``-th separator (included), or all of it."""
    at = 0
    for _ in range(cut):
        found = [i for i in (word.find(s, at) for s in SEPARATORS) if i > 0]
        if not found:
            return word
        at = min(found) + 1
    return word[:at]


def _group(head: str, members: tuple[Choice, ...]) -> Choice:
    """The chip of choices that start alike: ``GLASS…`` for ``GLASS at QUALITY 1``, ..."""
    return Choice(f"{head.rstrip()}…", "", Step(members))


def _fit(choices: list[Choice], cut: int) -> tuple[Choice, ...]:
    """At most ``MAX_CHOICES`` choices: grouped by their words' start, else paged."""
    if len(choices) <= MAX_CHOICES:
        return tuple(choices)
    if cut <= max(len(c.label) for c in choices):
        groups: dict[str, list[Choice]] = {}
        for choice in choices:
            groups.setdefault(_head(choice.label, cut), []).append(choice)
        if 1 < len(groups) < len(choices):
            grouped = [
                members[0]
                if len(members) == 1
                else Choice(f"{head.rstrip()}…", "", Step(_fit(members, cut + 1)))
                for head, members in groups.items()
            ]
            return _fit(grouped, cut + 1) if len(grouped) > MAX_CHOICES else tuple(grouped)
        if len(groups) == 1:  # every choice starts alike: group by what follows
            return _fit(choices, cut + 1)
    # Nothing left to group by: pages of choices, the rest behind the last chip.
    page = MAX_CHOICES - 1
    rest = _fit(choices[page:], cut)
    return (*choices[:page], Choice(f"more ({len(choices) - page})…", "", Step(rest)))


def taps(picker: Picker, text: str) -> int | None:
    """The taps a page needs to pick the move ``text``: the verb, each step where the player
    chooses (a step of one choice and no move is taken for them), stopping at a move that
    could go on, and the confirm. None if the picker does not offer it."""
    for verb in picker.verbs:
        found = _taps(verb.step, text)
        if found is not None:
            return 1 + found + 1
    return None


def _taps(step: Step, text: str) -> int | None:
    if step.move is not None and step.move.text == text:
        # (the fewest: a question that may stop short, its least values, then "that is all";
        # one the card may not print, "not on the card")
        asked = sum(
            1 if ask.optional else ask.least + 1 if ask.least else ask.count for ask in step.move.asks
        )
        return (1 if step.choices else 0) + asked
    for choice in step.choices:
        found = _taps(choice.step, text)
        if found is not None:
            chosen = len(step.choices) > 1 or step.move is not None
            return found + chosen
    return None


def moves(step: Step) -> list[Move]:
    """Every move offered from ``step`` on, in order."""
    out = [step.move] if step.move is not None else []
    for choice in step.choices:
        out.extend(moves(choice.step))
    return out


def widest(picker: Picker) -> int:
    """The most choices any step shows (the verbs included)."""
    best = len(picker.verbs)

    def walk(step: Step) -> None:
        nonlocal best
        best = max(best, len(step.choices) + (step.move is not None and bool(step.choices)))
        for choice in step.choices:
            walk(choice.step)

    for verb in picker.verbs:
        walk(verb.step)
    return best
