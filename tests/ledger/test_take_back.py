"""Taking a move back from the phone at a table with virtual decks (issue 18): a move whose
page could not tell all of its facts before it was recorded (the referee dealt cards by
chance) cannot be taken back from the phone, since its mover would deal again knowing the
cards; the table's undo still can, logged. A move told in full can be taken back."""

from __future__ import annotations

import random
from pathlib import Path

import msgspec
import pytest

from ledger.errors import BadInput, IllegalMove, WriteConflict
from ledger.service import LegalMove, Referee, TakeBack
from ledger.store import Store
from tests import pebbles
from tests.planet_b.table import CARDS as PLANET_B_CARDS
from tests.pursuit.table import CARDS as PURSUIT_CARDS
from tests.pursuit.table import SETTINGS as PURSUIT_SETTINGS
from tests.serve.conftest import CARDS, PLAYERS


def referee_at(tmp_path: Path, seed: int | None) -> tuple[Referee, int]:
    referee = Referee(Store(tmp_path / "ledger.db"))
    return referee, referee.new_game("loop", PLAYERS, seed=seed, cards=CARDS)


def test_a_move_told_in_full_is_taken_back_from_the_phone(tmp_path: Path) -> None:
    referee, game = referee_at(tmp_path, seed=7)
    buy = next(m for m in referee.legal(game) if m.text.startswith("buy "))
    preview = referee.preview(game, buy.command)
    assert not preview.more  # nothing dealt by chance
    recorded = referee.submit(game, buy.command)
    assert (preview.text, preview.facts) == (buy.text, recorded.facts)  # told in full, before
    player = buy.text.split()[1]
    offer = referee.take_back_offer(game, player)
    assert offer is not None and not offer.dealt
    referee.take_back(game, player)
    entry = list(referee.log(game))[-1]
    assert (entry.kind, entry.actor, entry.reason) == ("undo", player, "taken back")


def test_a_move_that_dealt_from_a_virtual_deck_is_not_taken_back_from_the_phone(tmp_path: Path) -> None:
    referee, game = referee_at(tmp_path, seed=7)
    referee.submit(game, next(m for m in referee.legal(game) if m.text.startswith("buy ")).command)
    end = next(m for m in referee.legal(game) if m.text.startswith("end "))
    preview = referee.preview(game, end.command)
    assert preview.more  # its page could not tell every fact before
    recorded = referee.submit(game, end.command)
    assert preview.text == end.text and len(preview.facts) < len(recorded.facts)
    # Its first fact only, if any, as it is then recorded.
    assert len(preview.facts) <= 1 and preview.facts == recorded.facts[: len(preview.facts)]
    player = end.text.split()[1]
    head = referee.load(game).head
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, player)
    assert "from the phone: the referee dealt it cards by chance" in refused.value.message
    assert "the table's page undoes it" in (refused.value.legal or "")
    assert referee.load(game).head == head  # nothing appended
    offer = referee.take_back_offer(game, player)  # what the phone's page shows instead of a button
    assert offer is not None and offer.dealt and not offer.since
    referee.undo(game, reason="the table agreed")  # the table still can, logged
    assert list(referee.log(game))[-1].kind == "undo"


# Each game names the facts its referee deals by chance (``chance``): a move that dealt nothing
# its mover could see may be taken back from the phone, one that turned up or drew a card for
# them may not, and the refusal says what was dealt.
KINDS = {
    "loop": ({}, CARDS),
    "planet-b": ({}, PLANET_B_CARDS),
    "pursuit": ({"modules": "community,friends"}, PURSUIT_SETTINGS + "\n" + PURSUIT_CARDS),
}


def seeded(tmp_path: Path, kind: str) -> tuple[Referee, int]:
    options, cards = KINDS[kind]
    referee = Referee(Store(tmp_path / "ledger.db"))
    return referee, referee.new_game(kind, PLAYERS, seed=5, options=options, cards=cards)


def play_until(referee: Referee, game: int, verb: str) -> LegalMove:
    """Random legal moves until one of ``verb`` is offered; that move, not yet made."""
    rng = random.Random(1)
    for _ in range(300):
        moves = referee.legal(game)
        found = [m for m in moves if m.text.split()[0] == verb]
        if found:
            return found[0]
        referee.submit(game, rng.choice(moves).command)
    raise AssertionError(f"no {verb} move offered")


def made(tmp_path: Path, kind: str, turn: str, verb: str) -> tuple[Referee, int, str]:
    """A seeded game of ``kind`` where a move of ``verb`` was just made (LOOP: after a ``turn``
    of WORK or BUY by the first player); the game, and who made it."""
    referee, game = seeded(tmp_path, kind)
    if kind == "loop":
        referee.submit(game, next(m for m in referee.legal(game) if m.text.startswith(f"{turn} ")).command)
    move = play_until(referee, game, verb)
    referee.submit(game, move.command)
    return referee, game, referee.load(game).game.actor(move.command)


@pytest.mark.parametrize(
    ("kind", "verb"),
    [
        ("loop", "end"),  # after a WORK nothing is refilled (2.7); the next player's FAVOUR is theirs
        ("planet-b", "tile"),  # Production Tiles: bought from the supply, nothing drawn
        ("pursuit", "action"),  # a board action: its reward, nothing turned up
    ],
)
def test_a_move_that_dealt_its_mover_nothing_is_taken_back(tmp_path: Path, kind: str, verb: str) -> None:
    referee, game, player = made(tmp_path, kind, "work", verb)
    offer = referee.take_back_offer(game, player)
    assert offer is not None and not offer.dealt and not offer.since, offer
    referee.take_back(game, player)
    entry = list(referee.log(game))[-1]
    assert (entry.kind, entry.actor, entry.reason) == ("undo", player, "taken back")


@pytest.mark.parametrize(
    ("kind", "verb", "dealt"),
    [
        ("loop", "end", "a MATERIAL turned up from the deck"),  # 2.7: the BUY AREA refilled
        ("planet-b", "redraw", "a building drawn"),  # the hand drawn back up from a pile
        ("pursuit", "start-friendship", "a Friend card turned up from its pile"),  # the slot refilled
    ],
)
def test_a_move_that_dealt_its_mover_a_card_is_not_taken_back(
    tmp_path: Path, kind: str, verb: str, dealt: str
) -> None:
    referee, game, player = made(tmp_path, kind, "buy", verb)
    head = referee.load(game).head
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, player)
    assert "the referee dealt it cards by chance" in refused.value.message
    assert dealt in refused.value.message
    assert referee.load(game).head == head
    offer = referee.take_back_offer(game, player)
    assert offer is not None and dealt in offer.dealt


def test_no_move_is_taken_back_from_the_phone_once_the_game_is_over(tmp_path: Path) -> None:
    referee, game = seeded(tmp_path, "pursuit")
    rng = random.Random(1)
    while not referee.load(game).game.is_over(referee.load(game).state):
        moves = referee.legal(game)
        referee.submit(game, rng.choice(moves).command)
    last = next(iter(referee.log(game, last=1))).actor
    assert referee.take_back_offer(game, last) is None  # the page shows no take-back line
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, last)
    assert "the game is over" in refused.value.message


# --- the take-back rule itself, on the tests' trivial game (docs/serving.md "Take-back") -------


def pebbles_game(tmp_path: Path) -> tuple[Referee, int]:
    referee = Referee(Store(tmp_path / "pebbles.db"))
    return referee, referee.new_game("pebbles", ["alice", "bob", "carol"], options={"pile": "20"})


def test_a_player_takes_back_their_latest_move_only_while_nobody_has_moved_since(tmp_path: Path) -> None:
    referee, game = pebbles_game(tmp_path)
    assert referee.take_back_offer(game, "alice") is None  # nothing of hers yet
    referee.submit_text(game, ["take", "alice", "2"])  # #2
    assert referee.take_back_offer(game, "Alice") == TakeBack(2, "take alice 2", [])
    referee.take_back(game, "ALICE", seq=2)  # in any letter case, the seq her page showed
    undo = list(referee.log(game))[-1]
    assert (undo.kind, undo.actor, undo.reason, undo.body.target) == ("undo", "alice", "taken back", 2)
    assert referee.load(game).state.held == {"alice": 0, "bob": 0, "carol": 0}

    referee.submit_text(game, ["take", "alice", "1"])  # #5
    referee.submit_text(game, ["take", "bob", "1"])  # #7
    referee.submit_text(game, ["take", "carol", "3"])  # #9
    referee.submit_text(game, ["give", "bob", "alice", "1"])  # #11: bob twice since alice's move
    assert referee.take_back_offer(game, "alice") == TakeBack(5, "take alice 1", ["bob", "carol"])
    assert referee.take_back_offer(game, "alice", within=3) is None  # only the last 3 moves looked at
    head = referee.load(game).head
    with pytest.raises(IllegalMove) as alone:
        referee.take_back(game, "alice")
    assert alone.value.message == "alice cannot take back #5 (take alice 1) alone: bob and carol moved since"
    assert alone.value.legal == "the table's page undoes or voids it, if bob and carol agree"
    with pytest.raises(IllegalMove) as stale:
        referee.take_back(game, "carol", seq=9)  # her page showed #9, but bob moved since
    assert stale.value.message == "carol cannot take back #9 (take carol 3) alone: bob moved since"
    assert referee.load(game).head == head  # nothing appended
    with pytest.raises(IllegalMove, match="bob has no move to take back: it is no longer the latest") as gone:
        referee.take_back(game, "bob", seq=9)  # the seq his page showed is not the latest move
    assert gone.value.legal == "a player takes back their own latest move, while nobody has moved since"
    assert referee.load(game).head == head
    referee.take_back(game, "bob")  # his give, the latest move
    assert referee.load(game).state.held == {"alice": 1, "bob": 1, "carol": 3}
    assert referee.take_back_offer(game, "carol") == TakeBack(9, "take carol 3", [])


def test_a_players_link_opens_their_page_and_a_revoked_one_opens_nothing(tmp_path: Path) -> None:
    """docs/serving.md: one secret link per player and one for the table; only their hashes are
    kept; a new link for one role stops only that role's old one; --revoke stops it with none."""
    referee, game = pebbles_game(tmp_path)
    assert not referee.has_links(game)
    links = referee.new_links(game)
    assert set(links) == {"alice", "bob", "carol", "table"} and len(set(links.values())) == 4
    assert referee.has_links(game)
    assert {referee.link_role(game, token) for token in links.values()} == set(links)
    assert all(token not in str(referee.store.links(game)) for token in links.values())  # hashes only
    assert referee.link_role(game, "") is None and referee.link_role(game, links["bob"] + "x") is None
    assert referee.link_role(game, "\udc80" + links["bob"]) is None  # a forged address, not a crash
    fresh = referee.new_link(game, "BOB")
    assert referee.link_role(game, fresh) == "bob" and referee.link_role(game, links["bob"]) is None
    assert referee.link_role(game, links["alice"]) == "alice"
    table = referee.new_link(game, "Table")
    assert referee.link_role(game, table) == "table" and referee.link_role(game, links["table"]) is None
    assert referee.revoke_link(game, "carol") == "carol"
    assert referee.link_role(game, links["carol"]) is None
    assert referee.link_role(game, links["alice"]) == "alice" and referee.link_role(game, fresh) == "bob"
    with pytest.raises(BadInput, match="unknown player 'dave'"):
        referee.revoke_link(game, "dave")
    again = referee.new_links(game)  # all new: every earlier link stops
    assert referee.link_role(game, links["alice"]) is None and referee.link_role(game, fresh) is None
    assert referee.link_role(game, again["carol"]) == "carol"


def test_a_games_verbs_are_those_of_its_mode(tmp_path: Path) -> None:
    """LOOP 4.0 Mode Comparison: the Basic Mode has no CAREER, CREDIT CARD or EVENT, so help,
    completion and the unknown-verb error offer none of their verbs; the Competitive Mode has them."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    basic = referee.new_game("loop", PLAYERS, mode="basic", seed=7, cards=CARDS)
    full = referee.new_game("loop", PLAYERS, mode="competitive", seed=7, cards=CARDS)
    mode_verbs = {"career", "ability", "call", "object", "apply", "payoff", "event"}
    assert not mode_verbs & {verb.name for verb in referee.verbs(basic)}
    assert mode_verbs <= {verb.name for verb in referee.verbs(full)}
    assert {"work", "end"} <= {verb.name for verb in referee.verbs(basic)}
    assert [verb.name for verb in referee.verbs(referee.new_game("pebbles", ["a", "b"]))] == ["take", "give"]


def test_nothing_is_taken_back_before_the_first_move(tmp_path: Path) -> None:
    referee, game = pebbles_game(tmp_path)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        referee.take_back(game, "alice")
    assert referee.load(game).head == 1


def test_a_take_back_looks_at_the_last_50_moves(tmp_path: Path) -> None:
    """A player's latest move is looked for among the last 50 moves unless said (a page asks for
    its last 8): one made before those is named by no refusal, nor offered."""
    referee, game = pebbles_game(tmp_path)
    referee.submit_text(game, ["take", "alice", "1"])
    referee.submit_text(game, ["take", "bob", "1"])
    gifts = [["give", "bob", "carol", "1"], ["give", "carol", "bob", "1"]]
    for n in range(48):  # alice's take is the 50th move from the last
        referee.submit_text(game, gifts[n % 2])
    offer = referee.take_back_offer(game, "alice")
    assert offer is not None and (offer.seq, offer.since) == (2, ["carol", "bob"])
    referee.submit_text(game, gifts[0])  # now the 51st
    assert referee.take_back_offer(game, "alice") is None
    with pytest.raises(IllegalMove, match="alice has no move to take back"):
        referee.take_back(game, "alice")


# A game that names no ``chance`` (the Game protocol makes it optional): a move whose page could
# not tell every fact before is held back all the same, and told as such. Pebbles' GIVE of N is
# made N facts here, so its page could tell only the first.
@pytest.fixture
def pebbles_in_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    decide = pebbles.decide

    def one_fact_a_pebble(state: pebbles.State, command: pebbles.Command) -> list[pebbles.Event]:
        if isinstance(command, pebbles.Give) and command.n == 0:
            return []  # a move its rules answer with no fact
        if isinstance(command, pebbles.Give):
            return [pebbles.Given(command.player, command.to, 1) for _ in range(command.n)]
        return decide(state, command)

    monkeypatch.setattr(pebbles, "decide", one_fact_a_pebble)


def test_a_game_without_chance_holds_back_a_move_its_page_could_not_tell_in_full(
    tmp_path: Path, pebbles_in_facts: None
) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("pebbles", ["alice", "bob"], seed=3)
    referee.submit_text(game, ["take", "alice", "3"])  # one fact: told in full
    offer = referee.take_back_offer(game, "alice")
    assert offer is not None and offer.dealt == ""
    referee.submit_text(game, ["give", "alice", "bob", "2"])  # two facts
    offer = referee.take_back_offer(game, "alice")
    assert offer is not None and offer.dealt == "facts its page could not tell before"
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, "alice")
    assert "(virtual decks: facts its page could not tell before)" in refused.value.message
    # bob has no move of his own to take back: that is what he is told, not what alice's dealt
    with pytest.raises(IllegalMove) as refused:
        referee.take_back(game, "bob")
    assert refused.value.message.startswith("bob has no move to take back"), refused.value.message
    # once bob has moved, alice's move is the table's to undo: nothing to say of what it dealt
    referee.submit_text(game, ["take", "bob", "1"])
    assert referee.take_back_offer(game, "alice") == TakeBack(4, "give alice bob 2", ["bob"], "")
    # a real table's game (no seed) deals nothing: the same move is taken back
    real = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(real, ["take", "alice", "3"])
    referee.submit_text(real, ["give", "alice", "bob", "2"])
    assert referee.take_back_offer(real, "alice") == TakeBack(4, "give alice bob 2", [], "")
    referee.store.close()


def test_a_move_of_no_fact_since_is_named_among_who_moved(tmp_path: Path, pebbles_in_facts: None) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("pebbles", ["alice", "bob"])
    referee.submit_text(game, ["take", "alice", "2"])  # #2, #3
    referee.submit_text(game, ["give", "bob", "alice", "0"])  # #4, no fact: the latest row
    assert referee.take_back_offer(game, "alice") == TakeBack(2, "take alice 2", ["bob"], "")
    assert referee.take_back_offer(game, "bob") == TakeBack(4, "give bob alice 0", [], "")
    other = referee.new_game("pebbles", ["alice", "bob"])
    report = referee.verify(game)  # (the first game of two: its report names it)
    assert (report.game_id, report.rows, report.moves, report.head_seq) == (game, 4, 2, 4)
    assert referee.verify(other).game_id == other
    referee.store.close()


def test_a_move_typed_on_a_page_that_showed_an_older_head_names_what_was_recorded_first(
    tmp_path: Path, pebbles_in_facts: None
) -> None:
    """``submit_text(seen=)``: the words are read where the page showed the game, then meet
    the move recorded since (as ``submit`` does); a preview with no seed tells every fact."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    game = referee.new_game("pebbles", ["alice", "bob"])
    shown = referee.load(game).head
    referee.submit_text(game, ["take", "alice", "1"])
    with pytest.raises(WriteConflict) as refused:
        referee.submit_text(game, ["take", "alice", "2"], seen=shown)
    assert refused.value.message == (
        "another writer's move #2 (take alice 1) was recorded first, and now it is bob's turn, not alice's"
    )
    preview = referee.preview(game, pebbles.Give("alice", "bob", 1))
    assert not preview.more
    referee.submit_text(game, ["take", "bob", "3"])
    preview = referee.preview(game, pebbles.Give("alice", "bob", 1))
    two = referee.preview(game, pebbles.Give("bob", "alice", 2))
    assert (len(preview.facts), len(two.facts), two.more) == (1, 2, False)  # a real table: told in full
    referee.store.close()


def test_a_preview_is_told_as_its_mover_sees_it_and_what_it_dealt_is_named_once_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pebbles made secret: a gift's count is its giver's alone (``redact``), and a gift is dealt
    by chance (``chance``, one kind per receiver). A GIVE of N is N gifts of 1, each to the next
    player round the table."""

    def gifts(state: pebbles.State, command: pebbles.Command) -> list[pebbles.Event]:
        if isinstance(command, pebbles.Give):
            others = [p for p in state.players if p != command.player]
            return [pebbles.Given(command.player, others[i % len(others)], 1) for i in range(command.n)]
        return decide(state, command)

    def redact(event: pebbles.Event, as_player: str | None = None, reveal: bool = False) -> pebbles.Event:
        hidden = isinstance(event, pebbles.Given) and not reveal and as_player != event.player
        return msgspec.structs.replace(event, n=0) if hidden else event

    decide = pebbles.decide
    monkeypatch.setattr(pebbles, "decide", gifts)
    monkeypatch.setattr(pebbles, "redact", redact)
    monkeypatch.setattr(
        pebbles,
        "chance",
        lambda e: f"a gift to {e.to}" if isinstance(e, pebbles.Given) else "",
        raising=False,
    )
    referee = Referee(Store(tmp_path / "ledger.db"))
    real = referee.new_game("pebbles", ["alice", "bob", "cat"])
    referee.submit_text(real, ["take", "alice", "3"])
    # a real table: every fact told before, each as its mover sees it
    assert referee.preview(real, pebbles.Give("alice", "bob", 2)).facts == [
        "alice gives 1 to bob",
        "alice gives 1 to cat",
    ]
    seeded = referee.new_game("pebbles", ["alice", "bob", "cat"], seed=3)
    referee.submit_text(seeded, ["take", "alice", "3"])
    referee.submit_text(seeded, ["give", "alice", "bob", "3"])  # to bob, cat, bob
    offer = referee.take_back_offer(seeded, "alice")
    assert offer is not None and offer.dealt == "a gift to bob, a gift to cat"
    referee.store.close()
