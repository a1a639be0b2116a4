"""Elo-style ratings of bots from a round-robin of two-player games (pure; no I/O).

The model is Bradley–Terry on the Elo scale: entrant ``i`` beats ``j`` with
probability ``1 / (1 + 10 ** ((R_j - R_i) / 400))``. :func:`fit_elo` finds the
ratings of maximum likelihood from a score matrix (a shared win counts 1/2 to
each) and gives each a 95 % interval from the Fisher information, with one
entrant anchored at a fixed rating (``random = 1000`` in ``benchmarks/bench_elo.py``).

A bot that never wins (or never loses) has no finite maximum: ``prior_games``
adds that many virtual drawn games to every pair that met (a weak prior, zero
for the plain maximum likelihood).

>>> fit = fit_elo(["a", "b"], [[0, 30], [10, 0]], anchor="a")
>>> round(fit.ratings["b"] - fit.ratings["a"])      # 400 * log10(10 / 30)
-191
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from .errors import BadConfigError
from .i18n import lazy, lazy_ngettext

#: Elo points per natural-log unit of the odds.
SCALE = 400 / math.log(10)
Z95 = 1.959963984540054


@dataclass(frozen=True)
class EloFit:
    """Ratings (Elo points), their standard errors and 95 % intervals, per entrant."""

    names: tuple[str, ...]
    ratings: dict[str, float]
    stderr: dict[str, float]                # 0 for the anchor
    anchor: str
    iterations: int

    def interval(self, name: str) -> tuple[float, float]:
        """The 95 % interval of ``name``'s rating (relative to the anchor)."""
        r, s = self.ratings[name], self.stderr[name]
        return r - Z95 * s, r + Z95 * s

    def to_dict(self) -> dict[str, Any]:
        return {"anchor": self.anchor,
                "ratings": {n: {"elo": round(self.ratings[n], 1), "stderr": round(self.stderr[n], 1),
                                "low": round(self.interval(n)[0], 1), "high": round(self.interval(n)[1], 1)}
                            for n in self.names}}


def expected(r_i: float, r_j: float) -> float:
    """The probability that a player rated ``r_i`` beats one rated ``r_j``."""
    return 1 / (1 + 10 ** ((r_j - r_i) / 400))


def fit_elo(names: Sequence[str], score: Sequence[Sequence[float]], *, anchor: str | None = None,
            anchor_rating: float = 1000.0, prior_games: float = 0.0, tol: float = 1e-10,
            max_iter: int = 100_000) -> EloFit:
    """Bradley–Terry maximum likelihood on the Elo scale.

    ``score[i][j]`` is what entrant ``i`` scored against ``j`` (wins, 1/2 per shared
    win); the games between them are ``score[i][j] + score[j][i]``. Every entrant
    must be linked to the anchor by games. Minorisation–maximisation (Hunter 2004)
    converges from any start; the intervals use the inverse Fisher information with
    the anchor's rating held fixed.
    """
    n = len(names)
    if n < 2 or len(score) != n or any(len(row) != n for row in score):
        raise BadConfigError("give at least two entrants and an n x n score matrix")
    anchor = names[0] if anchor is None else anchor
    if anchor not in names:
        raise BadConfigError(f"the anchor {anchor!r} is not an entrant")
    w = [[float(score[i][j]) if i != j else 0.0 for j in range(n)] for i in range(n)]
    if any(v < 0 or not math.isfinite(v) for row in w for v in row):
        raise BadConfigError("scores are finite numbers >= 0")
    games = [[w[i][j] + w[j][i] for j in range(n)] for i in range(n)]
    if prior_games:
        for i in range(n):
            for j in range(n):
                if i != j and games[i][j] > 0:
                    w[i][j] += prior_games / 2
                    games[i][j] += prior_games
    wins = [sum(row) for row in w]
    if any(wins[i] <= 0 or wins[i] >= sum(games[i]) for i in range(n)):
        raise BadConfigError("an entrant won every game or none: no finite rating (use prior_games > 0)")
    gamma = [1.0] * n
    it = 0
    for it in range(1, max_iter + 1):
        new = []
        for i in range(n):
            denom = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(n) if j != i and games[i][j])
            new.append(wins[i] / denom)
        g = math.exp(sum(math.log(x) for x in new) / n)       # keep the scale still
        new = [x / g for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma))
        gamma = new
        if change < tol:
            break
    theta = [math.log(x) for x in gamma]
    a = names.index(anchor)
    ratings = {names[i]: anchor_rating + SCALE * (theta[i] - theta[a]) for i in range(n)}
    # Fisher information in theta; the anchor's row and column dropped (its rating is fixed)
    free = [i for i in range(n) if i != a]
    info = [[0.0] * len(free) for _ in free]
    for x, i in enumerate(free):
        for j in range(n):
            if j != i and games[i][j]:
                p = gamma[i] / (gamma[i] + gamma[j])
                v = games[i][j] * p * (1 - p)
                info[x][x] += v
                if j != a:
                    info[x][free.index(j)] -= v
    cov = _inverse(info)
    stderr = {anchor: 0.0}
    for x, i in enumerate(free):
        stderr[names[i]] = SCALE * math.sqrt(max(cov[x][x], 0.0))
    return EloFit(tuple(names), ratings, stderr, anchor, it)


def _inverse(m: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan inverse of a small symmetric positive definite matrix."""
    n = len(m)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        if abs(a[p][c]) < 1e-300:
            raise BadConfigError("the entrants are not all linked by games")
        a[c], a[p] = a[p], a[c]
        piv = a[c][c]
        a[c] = [v / piv for v in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [v - f * u for v, u in zip(a[r], a[c])]
    return [row[n:] for row in a]


# --------------------------------------------------------------------------
# The picture: bars with 95 % interval whiskers, one group per game.
# --------------------------------------------------------------------------

#: Bar colours by bot kind (the strategy lab's colours; unknown kinds grey).
BOT_COLOURS = {"random": "#BBBBBB", "greedy": "#EE6677", "planner": "#4477AA", "strong": "#228833"}
# Translators: the title of the bots' rating chart (a round-robin tournament between bots).
ELO_CHART_TITLE = lazy_ngettext("Elo-style ratings, two-player round-robin ({count} game per pair)",
                                "Elo-style ratings, two-player round-robin ({count} games per pair)")
ELO_CHART_TITLE_RANGE = lazy("Elo-style ratings, two-player round-robin ({low} to {high} games per pair)")
# Translators: the chart's description for a screen reader; {summary} lists each game's ratings.
ELO_CHART_DESC = lazy("Bars show each bot's Elo-style rating, anchored at random = 1000, with its 95 % interval "
                      "as a whisker. {summary}")
# Translators: one game's ratings in the chart's description: "Hashi: random 1000, greedy 1180."
ELO_CHART_ITEM = lazy("{game}: {ratings}.")
ELO_CHART_RATING = "{bot} {elo}"


def game_title(title: str) -> str:
    """A game's title as the table writes it (English, data) in the reader's language."""
    from .i18n import _
    titles = {"Isle of Skye": lambda: _("Isle of Skye"), "Hashi": lambda: _("Hashi"),
              "Skylands": lambda: _("Skylands")}
    return titles[title]() if title in titles else title


def elo_chart(table: dict[str, Any]) -> Any:
    """The table written by ``benchmarks/bench_elo.py`` (``docs/elo.json``) as a
    :class:`~skye_widgets.drawing.Drawing`: per game, one bar per bot from the axis
    to its rating, with a whisker over its 95 % interval.

    >>> t = {"games_per_pair": 4, "games": {"g": {"title": "G", "bots": ["random", "planner"],
    ...      "ratings": {"random": {"elo": 1000, "low": 1000, "high": 1000},
    ...                  "planner": {"elo": 1400, "low": 1300, "high": 1500}}}}}
    >>> d = elo_chart(t)
    >>> sorted(s.text for s in d.shapes if getattr(s, "bold", False) and s.text.isdigit())
    ['1000', '1400']
    """
    from .drawing import Drawing, Line, Rect, Text
    from .protocol import bot_kind_name

    games = table["games"]
    shown = {b: bot_kind_name(b) for g in games.values() for b in g["bots"]}
    rows = [(g["title"], b, g["ratings"][b]) for g in games.values() for b in g["bots"]]
    lo = min(min(r["low"], r["elo"]) for _t, _b, r in rows)
    hi = max(max(r["high"], r["elo"]) for _t, _b, r in rows)
    step = 200 if hi - lo > 800 else 100
    base = step * math.floor((lo - step / 2) / step)
    top_v = step * math.ceil((hi + step / 4) / step)
    left, top, h, gap, group_gap = 56, 50, 240, 8, 30
    bw = max(46, max(round(6.2 * len(name)) for name in shown.values()))   # room for the longest bot's name
    width = left + sum(len(g["bots"]) * (bw + gap) + group_gap for g in games.values()) + 10
    summary = " ".join(ELO_CHART_ITEM.format(game=game_title(g["title"]), ratings=", ".join(
        ELO_CHART_RATING.format(bot=shown[b], elo=round(g["ratings"][b]["elo"])) for b in g["bots"]))
        for g in games.values())
    counts = sorted({g.get("games_per_pair", table.get("games_per_pair", "?")) for g in table["games"].values()},
                    key=lambda n: (not isinstance(n, int), n if isinstance(n, int) else 0))
    if len(counts) == 1 and isinstance(counts[0], int):
        title = ELO_CHART_TITLE.format(count=counts[0])
    else:
        title = ELO_CHART_TITLE_RANGE.format(low=counts[0], high=counts[-1])
    d = Drawing(width, top + h + 52, title=title,
                description=ELO_CHART_DESC.format(summary=summary))
    scale = h / (top_v - base)

    def y(v: float) -> float:
        return top + h - (v - base) * scale

    d.add(Rect(0, 0, d.width, d.height, fill="#FFFFFF", layer="background"),
          Text(d.width / 2, 14, d.title, size=14, bold=True))
    for v in range(int(base), int(top_v) + 1, step):
        d.add(Line(((left, y(v)), (width - 10, y(v))), stroke="#DDDDDD"),
              Text(left - 6, y(v), str(v), size=11, align="right"))
    d.add(Line(((left, top), (left, top + h)), stroke="#333333"), Text(left, top - 14, "Elo", size=11, align="right"))
    x = left + group_gap / 2
    for g in games.values():
        start = x
        for b in g["bots"]:
            r = g["ratings"][b]
            cx = x + bw / 2
            d.add(Rect(x, y(r["elo"]), bw, (r["elo"] - base) * scale, fill=BOT_COLOURS.get(b, "#888888")),
                  Text(cx, top + h + 14, shown[b], size=11))
            if r["high"] > r["low"]:
                d.add(Line(((cx, y(r["low"])), (cx, y(r["high"]))), stroke="#222222", line_width=1.5),
                      Line(((cx - 8, y(r["low"])), (cx + 8, y(r["low"]))), stroke="#222222", line_width=1.5),
                      Line(((cx - 8, y(r["high"])), (cx + 8, y(r["high"]))), stroke="#222222", line_width=1.5))
            d.add(Text(cx, top + h - 12, str(round(r["elo"])), size=11, bold=True,
                       fill="#000000" if b == "random" else "#FFFFFF"))
            x += bw + gap
        d.add(Text((start + x - gap) / 2, top + h + 32, game_title(g["title"]), size=12, bold=True))
        x += group_gap
    return d
