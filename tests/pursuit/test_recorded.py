"""A virtual Pursuit game recorded earlier (``fixtures/pursuit-virtual-2p.jsonl``, made by
``python -m tests.pursuit.record_fixture``) still replays: imported elsewhere, every pile is
dealt again from its seed and every move's facts come out as recorded, or the import is
refused. What the rulebooks say of the deal is checked on it too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from ledger.service import Referee
from ledger.store import Store

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "pursuit-virtual-2p.jsonl"


def test_a_recorded_virtual_game_is_dealt_again_the_same_from_its_seed(tmp_path: Path) -> None:
    referee = Referee(Store(tmp_path / "ledger.db"))
    game, new = referee.import_lines(FIXTURE.read_text().splitlines())
    report = referee.verify(game)
    assert new and report.rows == 796 and report.seed == "sealed"
    assert referee.load(game).state.phase == "over"


def test_the_recorded_deal_is_every_card_once_friends_on_their_4_slots(tmp_path: Path) -> None:
    """Friends: "shuffle all the Friend cards and place them in a face-down pile next to the
    Friends board. Finally, draw 4 cards from the Friend pile and place them face-up on the
    corresponding card slots"; Community: its cards shuffled into their pile. With virtual
    decks the referee deals them: right after the setup the 4 slots and the pile hold every
    declared Friend card once, and the Community pile every Community card once."""
    referee = Referee(Store(tmp_path / "ledger.db"))
    game, _ = referee.import_lines(FIXTURE.read_text().splitlines())
    state = referee.load(game, referee.store.setup_span(game)).state
    friends = Counter(c.name for c in state.faces.cards.values() if c.kind == "friend")
    assert len(state.friends) == 4 and all(state.friends)
    assert Counter([*state.friends, *state.friend_pile.known]) == friends and len(friends) == 16
    assert not state.friend_pile.unseen and not state.community_pile.unseen
    assert sorted(state.community_pile.known) == sorted(state.faces.community)
    assert len(state.faces.community) == 48
