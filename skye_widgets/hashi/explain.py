"""Why a Hashi bot chose its move, from the engine's own numbers.

A greedy or planner bot plans a whole turn when it starts (a number to write
or none, the card's bridges or none); :func:`explain_turn` explains that plan
on the turn's first action: the islands it finishes, the categories it
completes, how many bridges it brings numbered islands closer to their number,
and what the sheet would be worth if the game ended now (2 VP per finished
island plus the categories reached) against the best turn that writes the
number elsewhere (or not at all). The planner also gives its own estimate of
the final worth of both. Later actions of the turn say they carry on the plan.

Reasons that count a sheet carry ``player``, ``write`` and ``bridges`` so a
test can play them on a copy of the game and recount
(tests/test_bot_explanations.py).
"""

from __future__ import annotations

from typing import Any, Sequence

from ..i18n import lazy, lazy_ngettext
from ..protocol import Explanation, Plural, Reason, explained_choice
from .bots import Bot, PlannerBot, RandomBot, _candidate_writes, _Context, _observe
from .board import Cell, Line
from .game import CATEGORIES, POINTS_PER_FINISHED_ISLAND, Bridge, Card, EndTurn, HashiObservation, Setup, Sheet, Write

#: Every sentence a Hashi bot says, by key (named placeholders only; marked texts, translated when shown).
TEMPLATES: dict[str, Any] = {
    "random": Plural("moves", lazy("I chose at random: it was my only legal move."),
                     lazy_ngettext("I chose at random among {moves} legal move.",
                                   "I chose at random among {moves} legal moves.", "moves")),
    # Translators: a bot's reason; (x, y) is the island's cell, {number} the 3 or 4 it wrote.
    "setup": lazy_ngettext("I wrote the setup {number} on island ({x}, {y}), which has {neighbours} neighbouring "
                           "island.",
                           "I wrote the setup {number} on island ({x}, {y}), which has {neighbours} neighbouring "
                           "islands.", "neighbours"),
    "wrote": lazy_ngettext("I wrote the {number} on island ({x}, {y}) and drew {bridges} bridge.",
                           "I wrote the {number} on island ({x}, {y}) and drew {bridges} bridges.", "bridges"),
    "no_write": lazy_ngettext("I wrote no number and drew {bridges} bridge.",
                              "I wrote no number and drew {bridges} bridges.", "bridges"),
    "finished": lazy_ngettext("This turn finishes {finished} island, worth {vp} VP at the end of the game.",
                              "This turn finishes {finished} islands, worth {vp} VP at the end of the game.",
                              "finished"),
    # Translators: {label} is a scoring category's name, e.g. "all 4 red-flag islands finished".
    "category": lazy("It completes the category \u201c{label}\u201d, worth {points} VP."),
    "progress": lazy_ngettext("It brings numbered islands {steps} bridge closer to their numbers.",
                              "It brings numbered islands {steps} bridges closer to their numbers.", "steps"),
    "worth_now": lazy("If the game ended now, my sheet would be worth {vp} VP, {gain} VP more than before this "
                      "turn."),
    "alt_write": lazy("The best turn writing the {number} on island ({x}, {y}) instead would make my sheet worth "
                      "{vp} VP now."),
    "alt_no_write": lazy("The best turn writing no number would make my sheet worth {vp} VP now."),
    "estimate": lazy("I estimate my turn's final worth at {mine} VP against {other} VP for that one, "
                     "with the cards still unseen."),
    "continue": lazy("This carries on the turn I planned when it began."),
    # what a turn did, said when it ends (the same sentences as its plan's)
    "did_write": lazy_ngettext("I wrote the {number} on island ({x}, {y}) and drew {bridges} bridge.",
                               "I wrote the {number} on island ({x}, {y}) and drew {bridges} bridges.", "bridges"),
    "did_no_write": lazy_ngettext("I wrote no number and drew {bridges} bridge.",
                                  "I wrote no number and drew {bridges} bridges.", "bridges"),
    # Translators: a bot ending its turn, after "I wrote the 3 on island (2, 0) and drew 2 bridges.".
    "turn_done": lazy("That was my turn: if the game ended now, my sheet would be worth {vp} VP."),
    "finish_turn": lazy("I finished a turn begun by someone else with the move worth most now."),
}


def apply_plan(sheet: Sheet, card: Card, write: Cell | None, bridges: Sequence[Line]) -> Sheet:
    """A copy of ``sheet`` after the plan."""
    s = sheet.copy()
    if write is not None:
        s.put_number(write, card.number)
    for line in bridges:
        s.add_bridge(*line)
    return s


def worth_now(obs: HashiObservation, player: int, sheet: Sheet) -> int:
    """VP the sheet would bring if the game ended now: finished islands and the categories
    it meets that ``player`` has not scored yet (at the points they still bring)."""
    return int(_Context(obs, player).immediate(sheet))


def _progress(s: Sheet) -> int:
    return sum(min(s.degree(c), n) for c, n in s.numbers.items())


def _greedy_bridges(obs: HashiObservation, player: int, base: Sheet, card: Card) -> tuple[Line, ...]:
    """The card's bridges chosen one by one for the most points now (first in order on ties)."""
    s = base.copy()
    drawn: list[Line] = []
    for _ in range(card.bridges):
        best: tuple[tuple[int, int], Line] | None = None
        for line in s.legal_bridges():
            t = s.copy()
            t.add_bridge(*line)
            if not t.can_draw(card.bridges - len(drawn) - 1):
                continue
            v = (worth_now(obs, player, t), _progress(t))
            if best is None or v > best[0]:
                best = (v, line)
        if best is None:
            return ()
        s.add_bridge(*best[1])
        drawn.append(best[1])
    return tuple(drawn)


def _where(player: int, write: Cell | None, lines: Sequence[Line]) -> dict[str, Any]:
    """The plan a reason counts, as plain data: who, the island written on, the bridges."""
    return {"player": player, "write": list(write) if write is not None else None,
            "lines": [[list(a), list(b)] for a, b in lines]}


def _plan_reasons(obs: HashiObservation, player: int, card: Card, write: Cell | None,
                  bridges: tuple[Line, ...]) -> list[Reason]:
    sheet = obs.sheet(player)
    after = apply_plan(sheet, card, write, bridges)
    where = _where(player, write, bridges)
    out = [Reason("wrote", {**where, "number": card.number, "x": write[0], "y": write[1], "bridges": len(bridges)})
           if write is not None else Reason("no_write", {**where, "bridges": len(bridges)})]
    fin = len(after.finished()) - len(sheet.finished())
    if fin > 0:
        out.append(Reason("finished", {**where, "finished": fin, "vp": fin * POINTS_PER_FINISHED_ISLAND}))
    ctx = _Context(obs, player)
    for cat, pts in ctx.open.items():
        if after.meets(cat) is not None and sheet.meets(cat) is None:
            out.append(Reason("category", {**where, "category": cat, "label": CATEGORIES[cat][0], "points": pts}))
    steps = _progress(after) - _progress(sheet)
    if steps > 0:
        out.append(Reason("progress", {**where, "steps": steps}))
    before_vp, after_vp = worth_now(obs, player, sheet), worth_now(obs, player, after)
    out.append(Reason("worth_now", {**where, "vp": after_vp, "gain": after_vp - before_vp}))
    return out


def explain_turn(bot: Any, obs: HashiObservation, plan: Sequence[Any]) -> Explanation:
    """The explanation of a whole planned turn (its first action is the one played)."""
    player, card = obs.player, obs.card
    first = plan[0]
    if isinstance(first, Setup):
        nb = len(obs.board.neighbours(first.cell))
        return Explanation(first, (Reason("setup", {"player": player, "number": first.number, "x": first.cell[0],
                                                    "y": first.cell[1], "neighbours": nb}),), templates=TEMPLATES)
    assert card is not None
    write = next((a.cell for a in plan if isinstance(a, Write)), None)
    bridges = tuple(a.line for a in plan if isinstance(a, Bridge))
    reasons = _plan_reasons(obs, player, card, write, bridges)
    sheet = obs.sheet(player)
    best: tuple[int, int, Cell | None, tuple[Line, ...]] | None = None
    for i, cell in enumerate(_candidate_writes(sheet, card)):
        if cell == write:
            continue
        base = apply_plan(sheet, card, cell, ())
        lines = _greedy_bridges(obs, player, base, card)
        v = worth_now(obs, player, apply_plan(sheet, card, cell, lines))
        if best is None or v > best[0]:
            best = (v, -i, cell, lines)
    if best is None:
        return Explanation(first, tuple(reasons), templates=TEMPLATES)
    v, _i, cell, lines = best
    alt_plan = [*([Write(cell)] if cell is not None else []), *(Bridge(*l) for l in lines)]
    where = _where(player, cell, lines)
    alt = [Reason("alt_write", {**where, "number": card.number, "x": cell[0], "y": cell[1], "vp": v})
           if cell is not None else Reason("alt_no_write", {**where, "vp": v})]
    if isinstance(bot, PlannerBot):
        ctx = _Context(obs, player)
        mine = bot.evaluate(ctx, apply_plan(sheet, card, write, bridges))
        other = bot.evaluate(ctx, apply_plan(sheet, card, cell, lines))
        alt.append(Reason("estimate", {"mine": round(mine, 1), "other": round(other, 1)}))
    return Explanation(first, tuple(reasons), alt_plan[0] if alt_plan else EndTurn(), tuple(alt), TEMPLATES)


def explain_continue(action: Any, began_elsewhere: bool = False) -> Explanation:
    """A later action of a planned turn (or of a turn someone else began)."""
    return Explanation(action, (Reason("finish_turn" if began_elsewhere else "continue", {}),), templates=TEMPLATES)


def explain_end_turn(obs: HashiObservation, action: Any) -> Explanation:
    """Ending a turn, said as what the turn did (the number written, the bridges drawn) and what
    the sheet is worth now, from the engine's own numbers — not "this carries on my plan"."""
    player, write, lines = obs.player, obs.turn_wrote, tuple(obs.turn_drawn)
    did = (Reason("did_write", {"number": obs.card.number, "x": write[0], "y": write[1], "bridges": len(lines)})
           if write is not None else Reason("did_no_write", {"bridges": len(lines)}))
    worth = Reason("turn_done", {"vp": worth_now(obs, player, obs.sheet(player))})
    return Explanation(action, (did, worth), templates=TEMPLATES)


def explain_random(action: Any, moves: int) -> Explanation:
    """The random bot's honest one-liner."""
    return Explanation(action, (Reason("random", {"moves": moves}),), templates=TEMPLATES)


def choose_explained(bot: Bot, state: Any) -> tuple[Any, Explanation]:
    """``(action, explanation)`` for ``bot.choose_explained(state)``: the action ``bot.choose``
    plays (the bot moves on the same way) and why; a turn is explained on its first action, as
    a whole (:func:`explain_turn`), its other actions in one line (:func:`explain_continue`)."""
    obs = _observe(state)
    planned = bot._planned
    key = (obs.round, obs.player, obs.turn_wrote, obs.turn_drawn)
    continuing = planned is not None and planned[0] == key
    starts = obs.phase == "setup" or (not continuing and obs.turn_wrote is None and not obs.turn_drawn)
    action = bot.choose(obs)
    if not starts and isinstance(action, EndTurn) and obs.card is not None:
        return action, explain_end_turn(obs, action)
    if not starts:
        return action, explain_continue(action, began_elsewhere=not continuing)
    plan = [action, *(bot._planned[1] if bot._planned is not None else [])]
    return action, explain_turn(bot, obs, plan)


def choose_explained_random(bot: RandomBot, state: Any) -> tuple[Any, Explanation]:
    """``(action, explanation)`` for a random bot: :meth:`RandomBot.choose`'s action and the honest one-liner."""
    obs = _observe(state)
    return (action := bot.rng.choice(legal := obs.legal_actions())), explain_random(action, len(legal))


explained_choice.register(Bot, choose_explained)
explained_choice.register(RandomBot, choose_explained_random)
