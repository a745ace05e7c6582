"""The secret links of ``referee serve``: one token per player and one for the table, only
their hashes kept.
"""

from __future__ import annotations

import hashlib

from ledger.history import TABLE
from ledger.service.checks import _player
from ledger.service.repository import Repository


class Links:
    """The tokens of the served pages' links, kept as hashes."""

    def __init__(self, repo: Repository) -> None:
        self.repo = repo

    def new_links(self, game_id: int) -> dict[str, str]:
        """Fresh secret tokens for each player of the game and for the table (role -> token);
        only their hashes are kept, and the game's earlier tokens stop working."""
        loaded = self.repo.load(game_id)
        import secrets

        tokens = {role: secrets.token_urlsafe(18) for role in (*loaded.setup.players, TABLE)}
        self.repo.store.put_links(game_id, {role: _token_hash(t) for role, t in tokens.items()})
        return tokens

    def new_link(self, game_id: int, role: str) -> str:
        """A fresh secret token for one role (a player, or the table): only that role's earlier
        link stops working, every other link keeps working."""
        role, hashes = self._links_but(game_id, role)
        import secrets

        token = secrets.token_urlsafe(18)
        self.repo.store.put_links(game_id, {**hashes, role: _token_hash(token)})
        return token

    def revoke_link(self, game_id: int, role: str) -> str:
        """Stop one role's link (a lost or lent phone) and make none in its place; every other
        link keeps working. The role's name as the game spells it."""
        role, hashes = self._links_but(game_id, role)
        self.repo.store.put_links(game_id, hashes)
        return role

    def _links_but(self, game_id: int, role: str) -> tuple[str, dict[str, str]]:
        """``role`` as the game spells it (a player, or the table; refused if neither) and the
        hashes of every other role's link."""
        loaded = self.repo.load(game_id)
        role = TABLE if role.lower() == TABLE else _player(loaded.setup, role)
        return role, {r: h for h, r in self.repo.store.links(game_id).items() if r != role}

    def has_links(self, game_id: int) -> bool:
        return bool(self.repo.store.links(game_id))

    def link_role(self, game_id: int, token: str) -> str | None:
        """The role (a player, or the table) whose link carries ``token``; None for any other."""
        if not token or len(token) > 200:
            return None
        import hmac  # `serve` only

        digest = _token_hash(token)
        for known, role in self.repo.store.links(game_id).items():
            if hmac.compare_digest(known, digest):
                return role
        return None

    def find_link(self, token: str) -> tuple[int, str] | None:
        """The game and role (a player, or the table) whose link carries ``token``, in any game of
        the database; None for any other token."""
        if not token or len(token) > 200:
            return None
        return self.repo.store.link_owner(_token_hash(token))


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
