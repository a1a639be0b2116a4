"""Why an Isle of Skye bot chose its move, from the engine's own numbers.

:func:`explain` turns one decision of a bot (pricing, buying or passing,
placing) into an :class:`~skye_widgets.protocol.Explanation`: reasons made of a
message key from :data:`TEMPLATES` and the numbers behind it. The numbers are
what the tile does to the territory at a named spot: the points it adds under
each territory scoring tile still to be scored this game (times how often it
will still be scored), the scroll points, the whisky income, and the gold left
after a purchase. Majority tiles (whisky, ships, gold) compare players and are
left out of the sums. Everything comes from the bot's observation: nothing a
seat may not know.

Every spot-based reason carries ``tile``, ``x``, ``y``, ``rotation`` and
``player`` so a test can place the tile in a copy of the territory and
recompute its numbers with :mod:`.scoring` (tests/test_bot_explanations.py).
"""

from __future__ import annotations

from typing import Any

from ..errors import GameOverError
from ..i18n import _, lazy, lazy_ngettext
from ..protocol import Explanation, Reason, explained_choice
from .bots import (Bot, GreedyBot, base_value, best_placement, evaluate, make_context, remaining_weights,
                   territory_eval)
from .game import Action, Buy, GameState, Observation, Pass, Place, SetPrices
from .scoring_tiles import MAJORITY_QUANTITY
from .scoring import tile_label

class _Counted:
    """A sentence with its own words for a count of 1 (``one``) and a counted text for the rest."""

    def __init__(self, one: Any, many: Any, counter: str):
        self.one, self.many, self.counter = one, many, counter

    def format(self, **values: Any) -> str:
        return (self.one if values[self.counter] == 1 else self.many).format(**values)


class _UnderTile(_Counted):
    """The "under a scoring tile" sentence: the tile's label is read in the language spoken when
    the explanation is shown (the reason's ``label`` value stays the English data of ``to_dict``)."""

    def format(self, **values: Any) -> str:
        n = values.get("scoring_tile")
        label = tile_label(n) if n is not None else values.get("label")
        return super().format(**{**values, "label": label})


#: Every sentence an Isle of Skye bot says, by key (named placeholders only; marked texts,
#: translated each time an explanation is shown).
TEMPLATES: dict[str, Any] = {
    # Translators: a bot's explanation of its move ("I" is the bot).
    "random": _Counted(lazy("I chose at random: it was my only legal move."),
                       lazy_ngettext("I chose at random among {moves} legal move.",
                                     "I chose at random among {moves} legal moves.", counter="moves"), "moves"),
    "priced": lazy_ngettext("I priced tile {tile} at {price} gold: at its best spot it would add {vp} VP to my "
                            "territory by the end of the game.",
                            "I priced tile {tile} at {price} gold: at its best spot it would add {vp} VP to my "
                            "territory by the end of the game.", counter="price"),
    "discarded": lazy("I discarded tile {tile}: at its best spot it would add {vp} VP to my territory."),
    "discard_others": lazy("The most another player could gain from it is {vp} VP ({name})."),
    "discard_nobody": lazy("No other player would gain any VP from it either."),
    # Translators: the form follows {price}; {gold} is the gold the bot has left.
    "bought": lazy_ngettext("I bought tile {tile} from {seller} for {price} gold, which leaves me {gold} gold: at "
                            "its best spot it adds {vp} VP to my territory by the end of the game.",
                            "I bought tile {tile} from {seller} for {price} gold, which leaves me {gold} gold: at "
                            "its best spot it adds {vp} VP to my territory by the end of the game.", counter="price"),
    "passed": lazy("I passed: no tile on offer was worth its price to me."),
    "placed": lazy("I placed tile {tile} at ({x}, {y}) with rotation {rotation}: it adds {vp} VP to my territory "
                   "by the end of the game."),
    # Translators: {each} VP, {label} a scoring tile "13 (Tiles on the road)", {times} how often it is scored.
    "under_tile": _UnderTile(lazy("It adds {each} VP under {label}, which is scored once more."),
                             lazy_ngettext("It adds {each} VP under {label}, which is scored {times} more time.",
                                           "It adds {each} VP under {label}, which is scored {times} more times.",
                                           counter="times"), "times"),
    "scrolls": lazy("It adds {scrolls} VP from scrolls at the end of the game."),
    "income": lazy_ngettext("Its whisky adds {income} gold to my income every round.",
                            "Its whisky adds {income} gold to my income every round.", counter="income"),
    "alt_offer": lazy_ngettext("The best other offer, tile {tile} from {seller} for {price} gold, would add {vp} VP.",
                               "The best other offer, tile {tile} from {seller} for {price} gold, would add {vp} VP.",
                               counter="price"),
    "alt_pass": lazy_ngettext("Passing would have kept my {gold} gold.", "Passing would have kept my {gold} gold.",
                              counter="gold"),
    "alt_place": lazy("The best other spot, tile {tile} at ({x}, {y}) with rotation {rotation}, would add {vp} VP."),
}


def effects(territory: Any, tile: str, spot: tuple[int, int, int], weights: dict[int, int]) -> dict[str, Any]:
    """What placing ``tile`` at ``spot`` does: points per scoring tile still to come
    (``each``: {number: points per scoring}), ``scrolls``, ``income`` (gold per
    round) and ``vp`` (the sum over the scorings to come, plus scrolls)."""
    te = territory_eval(territory)
    before, after = te.features(), te.with_tile(tile, *spot)
    each = {n: after.points[n] - before.points[n] for n in weights
            if MAJORITY_QUANTITY.get(n) is None and after.points[n] != before.points[n]}
    scrolls = after.scroll_points - before.scroll_points
    vp = sum(d * weights[n] for n, d in each.items()) + scrolls
    return {"each": each, "scrolls": scrolls, "income": after.connected_whisky - before.connected_whisky, "vp": vp}


def _spot(player: int, tile: str, spot: tuple[int, int, int]) -> dict[str, Any]:
    return {"player": player, "tile": tile, "x": spot[0], "y": spot[1], "rotation": spot[2]}


def _details(player: int, tile: str, spot: tuple[int, int, int], eff: dict[str, Any],
             weights: dict[int, int]) -> list[Reason]:
    """The sentences behind a spot's VP: each scoring tile it helps (most first), scrolls, whisky."""
    out = []
    for n, d in sorted(eff["each"].items(), key=lambda nd: (-nd[1] * weights[nd[0]], nd[0])):
        out.append(Reason("under_tile", {**_spot(player, tile, spot), "scoring_tile": n, "label": tile_label(n),
                                         "each": d, "times": weights[n]}))
    if eff["scrolls"]:
        out.append(Reason("scrolls", {**_spot(player, tile, spot), "scrolls": eff["scrolls"]}))
    if eff["income"] > 0:
        out.append(Reason("income", {**_spot(player, tile, spot), "income": eff["income"]}))
    return out


def _best_spot(territory: Any, tile: str, ctx: Any,
               placements: Any = None) -> tuple[int, int, int] | None:
    return best_placement(territory, tile, ctx, placements)[1]


def explain(bot: Any, obs: Observation, player: int, action: Any) -> Explanation:
    """The explanation of ``action``, which ``bot`` chose for ``player`` from ``obs``."""
    def done(reasons: list[Reason], alt: Any = None, alt_reasons: list[Reason] | None = None) -> Explanation:
        return Explanation(action, tuple(reasons), alt, tuple(alt_reasons or ()), TEMPLATES)

    if not isinstance(bot, GreedyBot):
        return done([Reason("random", {"moves": len(obs.legal_actions(player))})])
    ctx = bot.context(obs, player)
    weights = remaining_weights(obs)
    terr = obs.territories[player]
    names = obs.names

    if isinstance(action, SetPrices):
        reasons = []
        for tile, price in action.prices:
            spot = _best_spot(terr, tile, ctx)
            eff = effects(terr, tile, spot, weights) if spot else {"vp": 0}
            reasons.append(Reason("priced", {**(_spot(player, tile, spot) if spot else {"player": player, "tile": tile}),
                                             "price": price, "vp": eff["vp"]}))
            if spot:
                reasons += _details(player, tile, spot, eff, weights)
        d = action.discard
        spot = _best_spot(terr, d, ctx)
        eff = effects(terr, d, spot, weights) if spot else {"vp": 0}
        reasons.append(Reason("discarded", {**(_spot(player, d, spot) if spot else {"player": player, "tile": d}),
                                            "vp": eff["vp"]}))
        best_other: tuple[int, int, tuple[int, int, int]] | None = None
        for q in range(obs.n_players):
            if q == player:
                continue
            qt = obs.territories[q]
            s = _best_spot(qt, d, make_context(obs, q))
            if s is None:
                continue
            v = effects(qt, d, s, weights)["vp"]
            if v > 0 and (best_other is None or v > best_other[0]):
                best_other = (v, q, s)
        if best_other is None:
            reasons.append(Reason("discard_nobody", {"tile": d}))
        else:
            v, q, s = best_other
            reasons.append(Reason("discard_others", {**_spot(q, d, s), "vp": v, "name": names[q]}))
        return done(reasons)

    if isinstance(action, (Buy, Pass)):
        base = base_value(terr, ctx)
        offers = sorted(((bot.buy_value(obs, player, ctx, base, a), i, a)
                         for i, a in enumerate(obs.legal_actions(player)) if isinstance(a, Buy)),
                        key=lambda t: (-t[0], t[1]))
        gold = obs.gold[player]

        def offer_reasons(a: Buy, key: str) -> list[Reason]:
            price = obs.prices[a.seller][a.tile]
            spot = _best_spot(terr, a.tile, ctx)
            eff = effects(terr, a.tile, spot, weights) if spot else {"vp": 0}
            head = Reason(key, {**(_spot(player, a.tile, spot) if spot else {"player": player, "tile": a.tile}),
                                "seller": names[a.seller], "seller_seat": a.seller, "price": price,
                                "gold": gold - price, "vp": eff["vp"]})
            return [head, *(_details(player, a.tile, spot, eff, weights) if spot and key == "bought" else [])]

        if isinstance(action, Buy):
            reasons = offer_reasons(action, "bought")
            others = [a for _u, _i, a in offers if a != action]
            if others:
                return done(reasons, others[0], offer_reasons(others[0], "alt_offer"))
            return done(reasons, Pass(player), [Reason("alt_pass", {"player": player, "gold": gold})])
        if offers:
            best = offers[0][2]
            return done([Reason("passed", {"player": player})], best, offer_reasons(best, "alt_offer"))
        return done([Reason("passed", {"player": player})])

    if isinstance(action, Place):
        te = territory_eval(terr)
        spot = (action.x, action.y, action.rotation)
        eff = effects(terr, action.tile, spot, weights)
        reasons = [Reason("placed", {**_spot(player, action.tile, spot), "vp": eff["vp"]}),
                   *_details(player, action.tile, spot, eff, weights)]
        best: tuple[float, str, tuple[int, int, int]] | None = None
        for t in obs.to_build[player]:
            for p in obs.placements_for(player, t):
                if t == action.tile and p == spot:
                    continue
                v = evaluate(te.with_tile(t, *p), ctx)
                if best is None or v > best[0]:
                    best = (v, t, p)
        if best is None:
            return done(reasons)
        _v, t, p = best
        alt = Place(player, t, *p)
        return done(reasons, alt, [Reason("alt_place", {**_spot(player, t, p),
                                                        "vp": effects(terr, t, p, weights)["vp"]})])
    raise TypeError(f"not an Isle of Skye action: {action!r}")  # pragma: no cover - a bug


def choose_explained(bot: Bot, state: GameState | Observation) -> tuple[Action, Explanation]:
    """``(action, explanation)`` for ``bot.choose_explained(state)``: the action ``bot.choose``
    plays (the bot moves on the same way) and :func:`explain`'s explanation, from the same
    observation."""
    if isinstance(state, Observation):
        obs, player = state, state.player
    else:
        player = state.current_player()
        if player < 0:
            raise GameOverError(_("The game is over: there is nothing to choose."))
        obs = state.observation(player)
    action = bot.decide(obs, player)
    return action, explain(bot, obs, player, action)


explained_choice.register(Bot, choose_explained)
