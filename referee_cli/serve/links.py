"""The served game's links as ``referee serve`` shows them: this machine's address on the table's
network, a line per link, and each link's QR code (in the terminal, or for the table's page).
"""

from __future__ import annotations

from typing import Any

from ledger.service import TABLE


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use; nothing is
    sent), or 127.0.0.1 if it has none."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def links_text(
    base: str, tokens: dict[str, str], qr: bool, table: str = "reveals, undo, void, verify"
) -> list[str]:
    """One line per link, all of them first; then, if asked, each one's QR code for a phone's
    camera, under its name (``table``: what the table's link is for)."""
    import segno

    named = [("the board", "board (the shared screen, no secret)", f"{base}/")]
    for role, token in tokens.items():
        whose = f"the table ({table})" if role == TABLE else role
        named.append(("the table" if role == TABLE else role, whose, f"{base}/t/{token}"))
    out = [f"{whose}: {url}" for _, whose, url in named]
    if qr:
        for short, _, url in named:
            out.extend([f"QR code of {short}:", _qr(segno, url)])
    return out


def qr_svg(url: str) -> str:
    """A link's QR code as an SVG data URI, for the table's page."""
    import segno

    return str(segno.make(url, error="l").svg_data_uri(scale=5, border=2))


def _qr(segno: Any, url: str) -> str:
    import io

    text = io.StringIO()
    segno.make(url, error="l").terminal(out=text, compact=True)
    return text.getvalue().rstrip("\n")
