"""The score chart as an SVG drawn here (no script, no chart library): one line per player,
their score at each round's end (``Referee.score_by_round``), for the pages and for
``referee score --chart FILE.svg``.

The drawing scales to its box (``viewBox``, no fixed width): a phone's 390 pixels and a
television alike. Colours tell the players apart and so do the markers' shapes (a table
whose screen shows no colour still reads it), and each line ends with its player's name and
last score.
"""

from __future__ import annotations

import itertools
from html import escape

from ledger.service import ScoreChart

WIDTH, HEIGHT = 360, 210
LEFT, RIGHT, TOP, BOTTOM = 32, 92, 12, 34  # margins: the y axis, the names, the top, the rounds
# Okabe and Ito's colours, told apart by colour-blind eyes too; a marker shape per player.
COLOURS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9")
SHAPES = ("circle", "square", "diamond", "triangle", "circle", "square")


def _ticks(low: int, high: int) -> list[int]:
    """Round numbers from ``low`` (or below) up to ``high`` (or above), at most 6 of them: the
    first step of 1, 2, 5, 10, 20, 50, ... that needs no more."""
    step = next(
        step for n in itertools.count() if (high - low) / (step := (1, 2, 5)[n % 3] * 10 ** (n // 3)) <= 5
    )
    return list(range(low // step * step, max(high, low + 1) + step, step))


def _round(label: str) -> str:
    """A round's label said: ``3`` is round 3, Pursuit's ``Teen`` the Teen round."""
    return f"round {label}" if label.isdigit() else f"the {label} round"


def _marker(shape: str, x: float, y: float, colour: str, said: str) -> str:
    """A point, with ``said`` as its title (what a pointer or a screen reader tells of it)."""
    title = f"<title>{escape(said)}</title>"
    if shape == "square":
        return f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="6" height="6" fill="{colour}">{title}</rect>'
    if shape == "diamond":
        points = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y:.1f} {x:.1f},{y + 4:.1f} {x - 4:.1f},{y:.1f}"
        return f'<polygon points="{points}" fill="{colour}">{title}</polygon>'
    if shape == "triangle":
        points = f"{x:.1f},{y - 4:.1f} {x + 4:.1f},{y + 3:.1f} {x - 4:.1f},{y + 3:.1f}"
        return f'<polygon points="{points}" fill="{colour}">{title}</polygon>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.2" fill="{colour}">{title}</circle>'


def svg(chart: ScoreChart, *, mine: str | None = None, standalone: bool = False) -> str:
    """The chart as SVG text; ``mine``'s line drawn thicker (a player's own page);
    ``standalone`` adds the XML namespace a file needs."""
    rounds = chart.rounds
    every = [v for values in chart.scores.values() for v in values]
    bottom = min(0, *every) if every else 0
    ticks = _ticks(bottom, max(every, default=0))
    bottom, high = ticks[0], ticks[-1]
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(rounds) - 1) if len(rounds) > 1 else plot_w / 2)

    def y(v: int) -> float:
        return TOP + plot_h * (high - v) / (high - bottom)

    state = "" if chart.final else " (so far)"
    title = f"{chart.measure} at each round's end{state}"
    # A file has a size and a background of its own; on a page it takes its box and its colours.
    ns = (
        f' xmlns="http://www.w3.org/2000/svg" width="{2 * WIDTH}" height="{2 * HEIGHT}"' if standalone else ""
    )
    out = [
        f'<svg{ns} class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{escape(title)}"'
        ' font-family="system-ui, sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    if standalone:
        out.append('<rect width="100%" height="100%" fill="white"/>')
    grid = 'stroke="currentColor" stroke-opacity="0.18"'
    for t in ticks:
        out.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}" {grid}/>')
        out.append(
            f'<text x="{LEFT - 5}" y="{y(t) + 4:.1f}" text-anchor="end" fill="currentColor">{t}</text>'
        )
    for i, label in enumerate(rounds):
        out.append(
            f'<text x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 15}" text-anchor="middle"'
            f' fill="currentColor">{escape(label)}</text>'
        )
    out.append(
        f'<text x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle" fill="currentColor"'
        f' fill-opacity="0.7">round</text>'
    )
    # The names at the right, each near its line's end but never on top of another.
    ends = sorted(
        ((y(values[-1]) if values else y(0), name) for name, values in chart.scores.items()),
        key=lambda e: e[0],
    )
    placed: dict[str, float] = {}
    previous = -1e9
    for end_y, name in ends:
        previous = max(end_y, previous + 13)
        placed[name] = previous
    shift = max(0.0, max(placed.values(), default=0) - (HEIGHT - BOTTOM))
    for i, (name, values) in enumerate(chart.scores.items()):
        colour, shape = COLOURS[i % len(COLOURS)], SHAPES[i % len(SHAPES)]
        width = 3.2 if name == mine else 1.8
        points = " ".join(f"{x(j):.1f},{y(v):.1f}" for j, v in enumerate(values))
        out.append(f'<g class="series" data-player="{escape(name)}">')
        if len(values) > 1:
            out.append(
                f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="{width}"'
                ' stroke-linejoin="round"/>'
            )
        out.extend(
            _marker(shape, x(j), y(v), colour, f"{name}: {v} at the end of {_round(rounds[j])}")
            for j, v in enumerate(values)
        )
        if values:
            label = f"{name} {values[-1]}"
            weight = ' font-weight="700"' if name == mine else ""
            out.append(
                f'<text x="{LEFT + plot_w + 8}" y="{placed[name] - shift + 3:.1f}" fill="{colour}"{weight}>'
                f"{escape(label)}</text>"
            )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)
