"""What people see: the typed view (with hidden information), prompts, the log and the score
sheet. The text tables are rendered from the view alone (``present``)."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from msgspec.structs import replace

import ledger.games.loop as loop
from ledger.decider import Screen
from ledger.games.loop import data
from ledger.games.loop.model import UNKNOWN, Dealt, FavourDrawn, FavoursReshuffled, State
from ledger.service import Referee
from tests.loop.fuzz import play
from tests.loop.table import Table, started

RECORDED = Path(__file__).resolve().parents[2] / "fixtures" / "loop-basic-3p.jsonl"


def render(screen: Screen) -> str:
    lines = [screen.headline, f"prompt: {screen.prompt}"]
    lines += [f"{key}: {value}" for key, value in screen.facts]
    for table in screen.tables:
        lines.append(f"[{table.title}]")
        lines.append(" | ".join(table.columns))
        lines += [" | ".join(row) for row in table.rows]
    return "\n".join(lines)


def test_virtual_hands_and_goals_are_shown_only_to_their_owner() -> None:
    table = Table(2, seed=2)
    alice, bob = table.p("alice"), table.p("bob")
    public = loop.view(table.state).players
    assert public["alice"].hand == len(alice.hand)
    assert (public["alice"].favours, public["alice"].goals) == (None, None)
    assert public["alice"].goals_left == 3  # LOOP 1.0: 3 secret GOAL each
    mine = loop.view(table.state, as_player="Alice").players
    assert mine["alice"].favours == sorted(alice.hand)
    assert mine["alice"].goals == list(alice.goals)
    assert (mine["bob"].favours, mine["bob"].goals) == (None, None)
    shown = loop.view(table.state, reveal=True).players
    assert shown["bob"].favours == sorted(bob.hand) and shown["bob"].goals == list(bob.goals)


def _hide(state: State, viewer: str, rng: random.Random) -> State:
    """The same table with everything ``viewer`` cannot see dealt differently: the decks'
    order, the other players' hands and GOAL."""
    decks = {
        name: tuple(rng.sample(getattr(state, name), len(getattr(state, name))))
        for name in ("material_deck", "activity_deck", "favour_deck")
    }
    players = dict(state.players)
    others = [name for name in state.seats if name != viewer]
    pool = [card for name in others for card in players[name].hand]
    rng.shuffle(pool)
    for name in others:
        size = len(players[name].hand)
        hand, pool = pool[:size], pool[size:]
        goals = tuple(f"OTHER {n}" for n in range(len(players[name].goals)))
        goals = (*players[name].achieved, *goals)[: len(goals)]
        players[name] = replace(players[name], hand=tuple(sorted(hand)), goals=goals)
    return replace(state, players=players, seed=state.seed + 1 if state.seed is not None else None, **decks)


def test_a_view_holds_nothing_its_viewer_cannot_see() -> None:
    """Dealing the hidden cards differently (and another seed) changes nothing in a player's
    view before the game is over: no deck order, no other hand, no other GOAL, no seed."""
    rng = random.Random(5)
    played = play(11, 3)
    state = loop.initial(played.setup)
    checked = 0
    for event in played.log:
        state = loop.evolve(state, event)
        if state.phase != "turn" or rng.random() > 0.3:
            continue
        for viewer in (*state.seats, None):
            other = _hide(state, viewer or "", rng)
            if viewer is not None:
                assert loop.view(other, viewer) == loop.view(state, viewer)
            else:
                assert loop.view(other) == loop.view(state)
        checked += 1
    assert checked > 10


def test_at_a_real_table_accepted_favours_are_public() -> None:
    table = started()
    table.play("favour alice share bob plastic", "accept bob")
    bob = loop.view(table.state).players["bob"]
    # 1.0: bob (2nd seat of 2) is dealt 3 unseen; 2.4 a: the SHARE he ACCEPTs goes into his
    # hand, and the whole table saw it.
    assert (bob.hand, bob.favours, bob.unseen) == (4, ["share"], 3)
    table.play("work alice", "end alice")
    table.play("favour bob share alice glass", "reject alice --discard")
    alice = loop.view(table.state).players["alice"]
    # 2.4 b: alice REJECTs by discarding a SHARE of her own: that card was seen, and is gone.
    assert loop.view(table.state).favour_discard == {"share": 2}
    assert alice.favours == [] and alice.unseen == alice.hand


def test_numbers_are_numbers_and_materials_are_typed() -> None:
    table = started()
    table.play("buy alice plastic:2")
    encoded = msgspec.json.decode(msgspec.json.encode(loop.view(table.state)))
    alice = encoded["players"]["alice"]
    assert alice["coin"] == 0 and alice["happiness"] == 4  # 1.0: 2 COIN, 4 HAPPINESS; 2 paid
    assert {"type": "plastic", "quality": 2} in alice["materials"]
    assert {"type": "glass", "quality": 2} in alice["materials"]
    assert encoded["active"] == "alice" and encoded["main"] == "buy" and encoded["round"] == 1
    # 1.0, 2 players: 30 MATERIAL less 2 sets removed, 1 set face up, 2 starting cards.
    assert encoded["material_deck"]["count"] == 30 - 10 - 5 - 2


def test_prompts_are_short_and_name_the_open_moves() -> None:
    table = Table(2)
    # LOOP 1.0: each player's starting MATERIAL, all in one command (issue 17)
    assert "reveal material TYPE TYPE --to alice,bob;" in loop.present(loop.view(table.state)).prompt
    table = started()
    view = loop.view(table.state)
    assert view.to_act == ["alice"]
    # alice holds glass@2 only: no ACTIVITY in the AREA can be paid, so no CONSUME is open.
    assert view.verbs == ["work", "buy", "favour"]
    assert loop.present(view).prompt == "alice: work | buy | favour"
    table.give("bob", reputation=1)
    table.play("favour alice share bob plastic")
    view = loop.view(table.state)
    screen = loop.present(view)
    assert view.to_act == ["bob"]
    assert screen.prompt == "bob: accept bob | reject bob --discard | reject bob --rep"
    assert "bob to answer alice's SHARE" in screen.headline


def _numbers(value: Any) -> set[int]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, str):  # a rule's printed text (HOBBY, CURIOSITY) carries its own
        return {int(n) for n in re.findall(r"\d+", value)}
    if isinstance(value, dict):
        return {n for v in value.values() for n in _numbers(v)}
    if isinstance(value, list):
        return {n for v in value for n in _numbers(v)}
    return set()


def test_every_number_in_the_text_is_the_views() -> None:
    """``status`` text is rendered from the typed view: each number it shows is in the view."""
    for seed, physical in ((3, False), (4, True)):
        played = play(seed, 4, physical=physical)
        state = loop.initial(played.setup)
        for event in played.log:
            state = loop.evolve(state, event)
            for viewer in (None, state.seats[0]):
                view = loop.view(state, viewer)
                shown = render(loop.present(view))
                # Card names carry no digits; "x2" counts, "@2" QUALITY, "#" never appear.
                found = {int(n) for n in re.findall(r"\d+", shown)}
                missing = found - _numbers(msgspec.to_builtins(view))
                assert not missing, (missing, shown)


def test_every_number_in_the_recorded_games_status_is_the_views(tmp_path: Path) -> None:
    """The same, through the service, at every row of the recorded three-player game."""
    referee = Referee.open(tmp_path / "ledger.db")
    game, _ = referee.import_lines(RECORDED.read_text().splitlines())
    head, _ = referee.store.head(game)
    for seq in range(1, head + 1):
        for viewer in (None, "ann"):
            _, board, screen = referee.board(game, as_player=viewer, upto=seq)
            shown = render(screen)
            found = {int(n) for n in re.findall(r"\d+", shown)}
            assert not found - _numbers(msgspec.to_builtins(board.view)), (seq, shown)


def test_the_end_of_a_game_reads() -> None:
    played = play(77, 4)
    assert loop.is_over(played.state)
    view = loop.view(played.state)
    assert view.phase == "over" and view.winners == loop.score(played.state).winners
    assert loop.present(view).headline.startswith("Game over · ")
    assert view.seed == 77  # once over, the seed may be shown


def test_every_event_reads_as_one_line() -> None:
    played = play(77, 4)
    assert loop.is_over(played.state)
    lines = [loop.describe(event) for event in played.log]
    assert len(lines) == len(played.log) > 100
    assert all(line.strip() and "\n" not in line for line in lines)
    assert len(set(lines)) > 50  # each says what happened, not one fixed text
    assert loop.view(played.state).phase == "over"
    assert loop.present(loop.view(played.state)).headline.startswith("Game over")


def test_describe_every_kind_of_event() -> None:
    seen: dict[str, str] = {}
    for seed in range(30):
        for physical in (False, True):
            for event in play(seed, 2 + seed % 5, physical=physical, check=False).log:
                line = loop.describe(event)
                assert line and "\n" not in line
                seen.setdefault(type(event).__name__, line)
    assert len(seen) >= 18, sorted(seen)


def test_redact_hides_drawn_cards_deals_and_deck_orders() -> None:
    drawn = FavourDrawn("ann", "share")
    assert loop.redact(drawn) == FavourDrawn("ann", UNKNOWN)
    assert loop.redact(drawn, "ann") == drawn and loop.redact(drawn, reveal=True) == drawn
    dealt = Dealt(("YOGA", "DANCE"), {"ann": ("A", "B", "C"), "ben": ("D", "E", "F")})
    hidden = Dealt((UNKNOWN, UNKNOWN), {"ann": ("A", "B", "C"), "ben": (UNKNOWN,) * 3})
    assert loop.redact(dealt, "ann") == hidden
    assert loop.redact(FavoursReshuffled(("share", "acquire"))) == FavoursReshuffled((UNKNOWN, UNKNOWN))


SCRIPT = [
    "reveal material glass --to alice",
    "reveal material plastic --to bob",
    "reveal material food --to carol",
    "reveal activity dance",
    "reveal activity picnic",
    "reveal activity picnic",
    "reveal activity library",
    "reveal activity cooking",
    "buy alice plastic:2",
    "end alice",
    "reveal material metal",
    "favour bob share alice glass",
    "accept alice",
    "consume bob dance=alice:glass@2,plastic",
    "end bob",
    "reveal activity yoga",
    "favour carol acquire bob plastic@1",
    "reject bob --discard",
    "work carol --rep 0",
    "end carol",
    "work alice --rep 2",
    "favour alice resell carol plastic",
    "accept carol",
    "end alice",
]


def test_a_recorded_game_status_log_and_score(snapshot: Any) -> None:
    table = Table(3)
    for line in SCRIPT:
        table.play(line)
    log = [
        f"> {loop.text(command)}\n" + "\n".join(f"  {loop.describe(e)}" for e in events)
        for command, events in table.log[33:]
    ]
    assert table.replayed() == table.state
    assert render(loop.present(loop.view(table.state, as_player="alice"))) == snapshot(name="status")
    assert "\n".join(log) == snapshot(name="log")
    assert loop.score(table.state) == snapshot(name="score")


def test_the_public_log_hides_favours_drawn() -> None:
    """The log is read at the table: a FAVOUR drawn and the GOAL dealt stay secret; a FAVOUR
    played, or discarded by a REJECT, is public."""
    from ledger.games.loop.model import Dealt, FavourDrawn, FavourRejected

    assert loop.describe(FavourDrawn("ann", "share")) == "ann draws a FAVOUR"
    played = play(3, 3)
    lines = [(event, loop.describe(event)) for event in played.log]
    drawn = [line for event, line in lines if isinstance(event, FavourDrawn)]
    assert drawn and all(line.endswith("draws a FAVOUR") for line in drawn)
    dealt = next(line for event, line in lines if isinstance(event, Dealt))
    goals = {goal for player in played.state.players.values() for goal in player.goals}
    assert not any(goal in dealt for goal in goals)
    rejected = [(event, line) for event, line in lines if isinstance(event, FavourRejected)]
    assert rejected and all(event.offer.kind.upper() in line for event, line in rejected)


def test_each_players_goals_and_the_dealt_deck_are_theirs_alone() -> None:
    """With virtual decks, the GOAL dealt are each player's own (1.0: kept secret) and the
    ACTIVITY deck's order nobody's; a FAVOUR drawn is its drawer's; reveal shows all."""
    from ledger.games.loop.model import Dealt, FavourDrawn

    mine, yours = ("GOAL 1", "GOAL 2", "GOAL 3"), ("GOAL 4", "GOAL 5", "GOAL 6")  # names only
    dealt = Dealt(("ACTIVITY 1", "ACTIVITY 2"), {"ann": mine, "ben": yours})
    assert loop.redact(dealt, as_player="Ann") == Dealt(("?", "?"), {"ann": mine, "ben": ("?", "?", "?")})
    assert loop.redact(dealt) == Dealt(("?", "?"), {"ann": ("?",) * 3, "ben": ("?",) * 3})
    assert loop.redact(dealt, reveal=True) == dealt
    drawn = FavourDrawn("ben", "share")
    assert loop.redact(drawn, as_player="ann").card == "?" and loop.redact(drawn, as_player="BEN") == drawn


def _hide_modes(state: State, viewer: str, rng: random.Random) -> State:
    """Besides ``_hide``: the EVENT deck's order and every face-down EVENT (5.3: nobody has seen
    them, their owner included), the CAREER deck, and the other players' CAREER dealt and
    SCHOLAR's look."""
    hands = {name: p.hand for name, p in state.players.items()}
    state = _hide(state, viewer, rng)
    players = dict(state.players)
    if state.mode != "competitive":  # 6.1, 7.1: 1 of each FAVOUR, open hands (6.2)
        players = {name: replace(p, hand=hands[name]) for name, p in players.items()}
    face_down = [card for p in players.values() for card in p.events] + list(state.event_deck)
    rng.shuffle(face_down)
    for name, player in players.items():
        events, face_down = tuple(face_down[: len(player.events)]), face_down[len(player.events) :]
        player = replace(player, events=events)
        if name != viewer:
            careers = tuple(rng.sample(sorted(data.CAREER), len(player.careers)))
            player = replace(player, careers=careers, peek="MATERIAL: ?" if player.peek else "")
        players[name] = player
    career_deck = tuple(rng.sample(state.career_deck, len(state.career_deck)))
    return replace(state, players=players, event_deck=tuple(face_down), career_deck=career_deck)


@pytest.mark.parametrize("mode", ["competitive", "cooperative", "solo"])
def test_a_modes_view_holds_nothing_its_viewer_cannot_see(mode: str) -> None:
    """The same property in the other modes: the EVENT drawn face down, the decks' order, the
    CAREER dealt to others and their hands change nothing in a viewer's view."""
    rng = random.Random(7)
    checked = 0
    for seed in range(3):
        played = play(seed, 1 if mode == "solo" else 3, mode=mode, check=False)
        state = loop.initial(played.setup)
        for event in played.log:
            state = loop.evolve(state, event)
            if state.phase not in ("turn", "setup") or rng.random() > 0.2:
                continue
            for viewer in (*state.seats, None):
                other = _hide_modes(state, viewer or "", rng)
                assert loop.view(other, viewer) == loop.view(state, viewer), (mode, seed, viewer)
            checked += 1
    assert checked > 10


def test_face_down_events_are_counted_not_named_and_a_scholars_look_is_hers() -> None:
    from ledger.games.loop.model import EventDrawn, Peeked

    table = Table(2, seed=3)
    table.set(mode="competitive")
    state = replace(
        table.state,
        players={
            **table.state.players,
            "alice": replace(table.p("alice"), events=("OVERTIME", "BOGOF"), peek="event: BOGOF"),
        },
    )
    public = loop.view(state)
    assert public.players["alice"].events == 2 and public.players["alice"].peek is None
    assert loop.view(state, "alice").players["alice"].peek == "event: BOGOF"
    assert loop.view(state, "bob").players["alice"].peek is None
    assert loop.redact(EventDrawn("alice", "BOGOF"), "alice") == EventDrawn("alice", UNKNOWN)
    assert loop.redact(Peeked("alice", "event", "BOGOF"), "bob") == Peeked("alice", "event", UNKNOWN)
    assert loop.redact(Peeked("alice", "event", "BOGOF"), "alice") == Peeked("alice", "event", "BOGOF")


def test_cooperative_and_solo_hands_are_open() -> None:
    """6.2: "You may play open-handedly"; a hand of 1 of each FAVOUR less the face-up ones is
    known to all anyway."""
    played = play(4, 2, mode="cooperative", check=False)
    state = loop.initial(played.setup)
    for event in played.log[:200]:
        state = loop.evolve(state, event)
    public = loop.view(state).players
    assert all(public[name].favours == sorted(state.players[name].hand) for name in state.seats)


def test_a_mode_setup_headline_says_who_the_table_waits_for() -> None:
    """5.1: the table deals 2 CAREER each, then each player chooses one or INTERN."""
    from tests.loop.modes_table import Competitive

    table = Competitive(2)
    assert "the table reveals the CAREER dealt" in loop.present(loop.view(table.state)).headline
    table.play("reveal career alice chef tycoon", "reveal career bob artist nurse")
    assert loop.present(loop.view(table.state)).headline == (
        "Setup · alice, bob to choose a CAREER or INTERN (LOOP 5.1)"
    )
    table.play("career alice chef")
    assert loop.present(loop.view(table.state)).headline.startswith("Setup · bob to choose")


@pytest.mark.parametrize("mode", ["basic", "competitive"])
def test_while_the_table_refills_the_view_shows_no_action_of_a_turn(mode: str) -> None:
    """2.7: "When you are done, flip over new MATERIAL and/or ACTIVITY to refill": alice's
    CONSUME turn has ended, so while the table refills the view shows no turn's action under
    way (no main action, no ACTIVITY consumed this turn)."""
    from tests.loop.modes_table import begun

    table = started() if mode == "basic" else begun()
    table.give("alice", materials=(("glass", 1), ("plastic", 1)))
    table.play("consume alice dance=glass,plastic")
    assert loop.view(table.state).main == "consume" and loop.view(table.state).consumed == 1
    table.play("end alice")
    seen = loop.view(table.state)
    assert seen.phase == "refill" and (seen.main, seen.consumed) == (None, 0)


@pytest.mark.parametrize("mode", ["basic", "competitive"])
def test_a_share_not_used_lapses_when_the_turn_ends(mode: str) -> None:
    """3.1 SHARE: "QUALITY is not deducted if the SHAREd MATERIAL is not used at the end": bob's
    SHARE, accepted and not used, is gone from the view once alice's turn has ended."""
    from tests.loop.modes_table import begun

    table = started() if mode == "basic" else begun()
    table.give("alice", materials=(("glass", 1), ("plastic", 1)), hand=("share",))
    table.give("bob", materials=(("glass", 2),))
    table.play("favour alice share bob glass", "accept bob")
    assert len(loop.view(table.state).shares) == 1
    table.play("consume alice dance=glass,plastic", "end alice")
    assert table.state.phase == "refill" and loop.view(table.state).shares == []
    assert table.p("bob").materials == (("glass", 2),)
