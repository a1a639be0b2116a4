"""Why a Skylands bot chose its move, from the engine's own numbers.

For each decision the bot's move is played on a copy of its observation (a
Create that waits for its payment with the payment the bot rates best; a choice
of action board with the answer it rates best) and the explanation names what
the player would then have: victory points as the final scoring counts them now
(:func:`~.board.score_board`), inhabitants on the board and complete islands,
each with the change; then the same for the best other move. Discover's tiles
are hidden when the board is chosen, so there the bot gives its estimate.

Reasons carry the moves they count (``steps``, as plain data) so a test can
replay them on a copy and recount (tests/test_bot_explanations.py).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..i18n import Lazy, lazy, lazy_ngettext
from ..protocol import Explanation, Plural, Reason, explained_choice
from . import game as G
from .board import score_board
from .bots import GreedyBot, RandomBot, _discover_estimate

#: Every sentence a Skylands bot says, by key (named placeholders only; marked, translated when shown).
TEMPLATES: dict[str, Any] = {
    "random": Plural("moves", lazy("I chose at random: it was my only legal move."),
                     lazy_ngettext("I chose at random among {moves} legal move.",
                                   "I chose at random among {moves} legal moves.", "moves")),
    "only": lazy("It was my only legal move."),
    # Translators: a Skylands bot's reason; {action_name} is an action board's name, {dvp} a signed change (+2, -1).
    "chose": lazy("I chose the action {action_name}: with the answer I rate best, I would have {vp} VP ({dvp:+d}); "
                  "inhabitants on my board: {inhabitants} ({dinhabitants:+d}); complete islands: {islands} "
                  "({dislands:+d})."),
    "chose_discover": lazy("I chose the action {action_name}: its tiles are hidden, and I expect about {estimate} VP "
                           "from it."),
    "moved": lazy("After this move I would have {vp} VP ({dvp:+d}); inhabitants on my board: {inhabitants} "
                  "({dinhabitants:+d}); complete islands: {islands} ({dislands:+d})."),
    "alt_chose": lazy("The best other action, {action_name}, would give me {vp} VP ({dvp:+d}); inhabitants "
                      "on my board: {inhabitants} ({dinhabitants:+d}); complete islands: {islands} ({dislands:+d})."),
    "alt_chose_discover": lazy("The best other action, {action_name}, has hidden tiles: I expect about {estimate} VP "
                               "from it."),
    "alt_moved": lazy("The best other move would give me {vp} VP ({dvp:+d}); inhabitants on my board: {inhabitants} "
                      "({dinhabitants:+d}); complete islands: {islands} ({dislands:+d})."),
    "rating": lazy("I rate my move at {mine} against {other} for the other one."),
}


class ActionName(Lazy):
    """An action board's name in a reason: the rulebook's name in the language spoken when shown
    (:func:`~.game.action_title`); as data (``Reason.to_dict``) that text too."""

    __slots__ = ()

    def __str__(self) -> str:
        return G.action_title(self.message)

    def __repr__(self) -> str:
        return f"ActionName({self.message!r})"


#: The action boards as a bot names them (their names, translated when shown).
ACTION_NAMES = {a: ActionName(a) for a in G.ACTIONS}

def facts(g: G.GameState, p: int) -> dict[str, int]:
    """Player ``p``'s VP (the final scoring, now), inhabitants and complete islands."""
    b = g.boards[p]
    vp = score_board(b, vp_markers=g.vp[p], overflow=g.overflow[p], marker_active=g.marker_active[p]).points
    return {"vp": vp, "inhabitants": b.count(), "islands": len(b.complete_islands())}


def action_data(a: Any) -> dict[str, Any]:
    """A Skylands action as plain data: its class name and fields."""
    return {"type": type(a).__name__, **{k: (list(map(list, v)) if isinstance(v, tuple) and v and isinstance(v[0], tuple)
                                              else list(v) if isinstance(v, tuple) else v)
                                          for k, v in dataclasses.asdict(a).items()}}


def action_from_data(d: dict[str, Any]) -> Any:
    """Inverse of :func:`action_data` (for tests that replay a reason's steps)."""
    cls = getattr(G, d["type"])
    kw = {k: (tuple(tuple(x) for x in v) if isinstance(v, list) and v and isinstance(v[0], list)
              else tuple(v) if isinstance(v, list) else v) for k, v in d.items() if k != "type"}
    return cls(**kw)


def _steps(bot: Any, g: G.GameState, p: int, a: Any) -> tuple[list[Any], G.GameState]:
    """The move and what the bot would play with it (the payment of a Create; the answer to a
    choice of board), and the state after them. Ties go to the first legal move."""
    h = g.child(a)
    steps = [a]
    if isinstance(a, G.ChooseAction):
        if h.is_over() or h.current_player() != p:
            return steps, h
        best = max(h.legal_actions(), key=lambda b: bot.after(h, b, p))
        steps.append(best)
        h = h.child(best)
    if h.paying is not None and not h.is_over() and h.current_player() == p:
        pay = max(h.legal_actions(), key=lambda b: bot.value(h.child(b), p))
        steps.append(pay)
        h = h.child(pay)
    return steps, h


def _counted(before: dict[str, int], after: dict[str, int], p: int, steps: list[Any]) -> dict[str, Any]:
    return {"player": p, "steps": [action_data(s) for s in steps], **after,
            "dvp": after["vp"] - before["vp"], "dinhabitants": after["inhabitants"] - before["inhabitants"],
            "dislands": after["islands"] - before["islands"]}


def explain(bot: Any, g: G.GameState, action: Any) -> Explanation:
    """The explanation of ``action``, which ``bot`` chose for the player to act in ``g``."""
    p = g.current_player()
    legal = g.legal_actions()
    if not isinstance(bot, GreedyBot):
        return Explanation(action, (Reason("random", {"moves": len(legal)}),), templates=TEMPLATES)
    if len(legal) == 1:
        return Explanation(action, (Reason("only", {}),), templates=TEMPLATES)
    before = facts(g, p)

    def about(a: Any, alt: bool) -> tuple[list[Reason], float]:
        pre = "alt_" if alt else ""
        if isinstance(a, G.ChooseAction):
            name = {"action": a.action, "action_name": ACTION_NAMES.get(a.action, a.action), "repeat": a.repeat}
            if a.action == "discover":
                est = _discover_estimate(g.boards[p], True) - (2.0 if a.repeat else 0.0)
                return [Reason(pre + "chose_discover", {"player": p, **name, "estimate": round(est, 1)})], est
            steps, h = _steps(bot, g, p, a)
            return ([Reason(pre + "chose", {**name, **_counted(before, facts(h, p), p, steps)})],
                    bot.response_gain(g, p, a))
        steps, h = _steps(bot, g, p, a)
        return [Reason(pre + "moved", _counted(before, facts(h, p), p, steps))], bot.value(h, p)

    mine, my_value = about(action, False)
    others = [a for a in legal if a != action]
    if g.phase == "choose":
        rated = [(bot.response_gain(g, p, a), i, a) for i, a in enumerate(others)]
    else:
        rated = [(bot.after(g, a, p), i, a) for i, a in enumerate(others)]
    _v, _i, alt = max(rated, key=lambda t: (t[0], -t[1]))
    theirs, alt_value = about(alt, True)
    rating = Reason("rating", {"mine": round(my_value, 1), "other": round(alt_value, 1)})
    return Explanation(action, tuple(mine), alt, (*theirs, rating), TEMPLATES)


def choose_explained_random(bot: RandomBot, g: G.GameState) -> tuple[Any, Explanation]:
    """``(action, explanation)`` for ``bot.choose_explained(g)``: :meth:`RandomBot.choose`'s action
    and the honest one-liner."""
    action = bot.choose(g)
    return action, explain(bot, g, action)


def choose_explained(bot: GreedyBot, g: G.GameState) -> tuple[Any, Explanation]:
    """``(action, explanation)`` for ``bot.choose_explained(g)``: the action ``bot.choose`` plays
    (the bot moves on the same way) and why."""
    action = bot.choose(g)
    rng = bot.rng.getstate()             # the explanation rates moves with best(), which draws ties:
    try:                                 # the bot's next choices must not depend on being explained
        return action, explain(bot, g, action)
    finally:
        bot.rng.setstate(rng)


explained_choice.register(RandomBot, choose_explained_random)
explained_choice.register(GreedyBot, choose_explained)
