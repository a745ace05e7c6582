"""``declare settings``: every base-game setting the setup still waits for in one command
(issue 41: "A missing part names all missing parts at once, not one per try"; "Every hint is a
working example"). The settings' values are the invented test ones
(``fixtures/pursuit-test-settings.toml``): no text in ../shared/rules prints the base game's."""

from __future__ import annotations

import tomllib
from collections.abc import Callable

import pytest

import ledger.games.pursuit as pursuit
from ledger.errors import BadInput, IllegalMove
from ledger.games.pursuit.faces import Setting
from ledger.games.pursuit.model import Began, Declare, Declared, DeclareSettings
from ledger.games.pursuit.moves import settings_form
from ledger.games.pursuit.sections import R_SETTINGS
from tests.conftest import Result
from tests.pursuit.table import SETTINGS, Table

VALUES: dict[str, str] = tomllib.loads(SETTINGS)["settings"]
# The base game's settings with every module (as `new` prompts for them): no teen-closed (the
# School tile closes the Teen round's actions), no solo-target (3 players), refresh optional.
AWAITED = [
    "hourglasses",
    "stress",
    "sth",
    "rounds",
    "order",
    "slots",
    "relax",
    "life-goals",
    "child-traits",
    "popularity",
    "friend-cards",
]


def fresh(players: int = 3, modules: str | None = None) -> Table:
    options = {} if modules is None else {"modules": modules}
    return Table(players, cards=False, options=options)


def folded(names: list[str]) -> str:
    return "declare settings " + " ".join(f"{n}={VALUES[n]}" for n in names)


def test_one_command_records_the_facts_of_a_declare_setting_each() -> None:
    singles, one = fresh(), fresh()
    expected: list[object] = []
    for name in AWAITED:
        expected += singles.play(f"declare setting {name} {VALUES[name]}")
    events = one.play(folded(AWAITED))
    assert events == expected  # the same facts, in the same order: the fold and a replay agree
    assert [e.face.name for e in events if isinstance(e, Declared)] == AWAITED
    assert isinstance(events[len(AWAITED)], Began) and one.state == singles.state
    assert one.state.phase == "setup"
    # its words read back as the same command
    [command] = [pursuit.parse(fresh().state, folded(AWAITED).split())]
    assert (
        isinstance(command, DeclareSettings)
        and pursuit.parse(fresh().state, pursuit.text(command).split()) == command
    )


def test_a_refusal_names_every_missing_and_bad_setting_at_once_each_with_an_example() -> None:
    table = fresh()
    typed = "declare settings hourglasses=6 sth=2,5 order=seat colour=red"
    with pytest.raises(BadInput) as refused:
        table.play(typed)
    line = str(refused.value)
    missing = [n for n in AWAITED if n not in ("hourglasses", "sth", "order")]
    assert "declare settings: missing " + ", ".join(missing) in line  # what is missing first
    assert "hourglasses=6 is not START,MAX" in line and "order=seat is not seats|rotate|sth" in line
    assert "the STH track runs from MIN up to MAX through 0" in line  # sth=2,5: no track could be
    assert "unknown setting 'colour'" in line
    assert table.state.faces.settings == {}  # nothing declared
    # the example is every missing or bad key, in the move's own keys, and it is accepted
    example = refused.value.legal
    assert example is not None
    assert [w.split("=")[0] for w in example.split()[2:]] == AWAITED
    table.play(example)
    assert table.state.phase == "setup"


def test_a_setting_declared_already_is_refused_and_the_rest_is_not_asked_again() -> None:
    table = fresh()
    table.play("declare setting hourglasses 6,9")
    with pytest.raises(IllegalMove, match=r"hourglasses is declared already \(6,9\)") as refused:
        table.play(folded(AWAITED))
    assert refused.value.rule == R_SETTINGS
    table.play(folded(AWAITED[1:]))  # what is still awaited, once
    assert table.state.phase == "setup"


def test_settings_a_game_has_no_module_for_are_not_awaited_nor_asked() -> None:
    base = fresh(3, "")
    # the base game alone: no Popularity track, no Friend pile; an Unavailable token closes the
    # Teen round's actions (no School tile)
    wanted = [n for n in AWAITED if n not in ("popularity", "friend-cards")] + ["teen-closed"]
    form = settings_form(base.state)
    assert form is not None and form.form and form.text == "declare settings"
    assert sorted(a.flag for a in form.asks) == sorted(f"{n}=" for n in wanted)
    base.play("declare settings " + " ".join(f"{n}={VALUES[n]}" for n in wanted))
    assert base.state.phase == "setup" and settings_form(base.state) is None
    solo = fresh(1, "community")
    form = settings_form(solo.state)
    assert form is not None and {"solo-target=", "popularity="} <= {a.flag for a in form.asks}


def test_the_form_asks_only_what_is_still_awaited_each_field_a_key_with_its_example() -> None:
    table = fresh()
    table.play("declare setting hourglasses 6,9", "declare setting order seats")
    form = settings_form(table.state)
    assert form is not None
    assert [a.flag for a in form.asks] == [f"{n}=" for n in AWAITED if n not in ("hourglasses", "order")]
    relax = next(a for a in form.asks if a.flag == "relax=")
    assert relax.choices == ("section", "space")
    # every field's example, typed in its key, is a value the setting reads
    for ask in form.asks:
        example = ask.choices[0] if ask.choices else ask.words.rsplit("(e.g. ", 1)[1].rstrip(")")
        name = ask.flag.rstrip("=")
        assert Declare(Setting(name, example)) == pursuit.parse(
            table.state, ["declare", "setting", name, example]
        )
    table.play(folded([a.flag.rstrip("=") for a in form.asks]))
    assert table.state.phase == "setup"


def test_a_refused_declare_settings_appends_nothing_at_the_command_line(cli: Callable[..., Result]) -> None:
    assert cli("new", "pursuit", "--players", "ann,ben").code == 0
    bad = cli("pursuit", "declare", "settings", "hourglasses=6,9", "stress=3")
    assert bad.code == 2 and "missing sth, rounds" in bad.err and "stress=3 is not SPACES:CHANGE" in bad.err
    assert "Traceback" not in bad.err
    log = cli("log")
    assert "declare settings" not in log.out


FRIEND = "l1=..1sth.1money l2=.1hourglass,1influence.1lth.1influence l3=.1hourglass,2creativity.2lth,1sth"


def test_a_refusal_is_the_rules_only_where_every_problem_is_a_rules() -> None:
    """A value no track could be (``sth=2,5``), or a Friend pile smaller than the Friends the
    table declared already (Friends: the pile holds the cards declared), alone: refused as the
    rules refuse (exit 1), the rule cited. With a typing problem beside it (a key unknown or
    typed twice, a value not in its shape): refused as bad input (exit 2), every problem named,
    the keys after the first problem checked too."""
    rest = folded([n for n in AWAITED if n not in ("sth", "friend-cards")])
    table = fresh()
    with pytest.raises(IllegalMove, match="the STH track runs") as refused:
        table.play(f"{rest} friend-cards=16 sth=2,5")
    assert refused.value.rule == R_SETTINGS
    table.play(f"declare friend test-pal {FRIEND}")
    with pytest.raises(IllegalMove, match=r"friend-cards=0 \(1 Friend cards are declared already\)"):
        table.play(f"{rest} sth={VALUES['sth']} friend-cards=0")
    for typo, named in (
        ("colour=red", "unknown setting 'colour'"),
        (f"hourglasses={VALUES['hourglasses']}", "hourglasses is typed twice"),
        ("order=seat", None),  # (order typed twice and not in its shape)
    ):
        with pytest.raises(BadInput) as refused:
            table.play(f"{rest} friend-cards=16 {typo} sth=2,5")
        line = str(refused.value)
        assert "the STH track runs" in line  # checked after the typing problem
        assert named is None or named in line
    shape = folded([n for n in AWAITED if n != "hourglasses"]) + " hourglasses=6"
    with pytest.raises(BadInput, match="hourglasses=6 is not START,MAX"):
        table.play(shape)
    assert table.state.faces.settings == {}
