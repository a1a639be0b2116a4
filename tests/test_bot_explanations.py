"""Bots explain their moves (issue 17): ``choose_explained`` plays what ``choose`` plays, and every
number an explanation names is recomputed here by applying the move (and the named alternative)
to a copy of the game and counting with the engine's scoring -- not with the bots' own code."""

from __future__ import annotations

import json
import string

import pytest

from skye_widgets import hashi, skye, skylands
from skye_widgets.i18n import Lazy, LazyPlural
from skye_widgets.protocol import Explanation, Plural, Reason, render
from skye_widgets.hashi.game import CATEGORIES, POINTS_PER_FINISHED_ISLAND, SOLO_DEADLINES, Bridge, EndTurn, Write
from skye_widgets.skye import scoring
from skye_widgets.skye.game import Buy
from skye_widgets.skye.scoring_tiles import MAJORITY_QUANTITY, ROUND_TRACK
from skye_widgets.skye.territory import Territory
from skye_widgets.skylands.board import score_board
from skye_widgets.skylands.explain import action_from_data

KINDS = ("random", "greedy", "planner")


def play_explained(game_mod, kinds, seed, **options):
    """Play a seeded game with choose_explained, checking at every step that twin bots using
    plain choose pick the same action; yields (game before the move, player, action, explanation)."""
    g = game_mod.Game.new(len(kinds), seed=seed, **options)
    plain = [game_mod.make_bot(k, seed=seed * 10 + i) for i, k in enumerate(kinds)]
    told = [game_mod.make_bot(k, seed=seed * 10 + i) for i, k in enumerate(kinds)]
    while not g.is_over():
        p = g.current_player()
        a_plain = plain[p].choose(g.observation(p))
        a, e = told[p].choose_explained(g.observation(p))
        assert a == a_plain, (seed, len(g.history))
        assert isinstance(e, Explanation) and e.action == a
        yield g, p, a, e
        g.apply(a)


def template_forms(t) -> list[str]:
    """The English sentences of a template: a str, a Plural, a marked text (lazy / lazy_ngettext), or
    an object with a sentence for one (``one``) and a counted text for the rest (``many``)."""
    if isinstance(t, Plural):
        return [*template_forms(t.one), *template_forms(t.other)]
    if isinstance(t, Lazy):
        return [t.message]
    if isinstance(t, LazyPlural):
        return [t.singular, t.plural]
    if hasattr(t, "one") and hasattr(t, "many"):
        return template_forms(t.one) + template_forms(t.many)
    return [t]


def check_words(e: Explanation, templates) -> None:
    """Every reason has a template; the text is whole sentences with every placeholder filled."""
    assert e.templates is templates
    for r in e.all_reasons():
        t = templates[r.key]
        for form in template_forms(t):
            names = {f for _, f, _, _ in string.Formatter().parse(form) if f}
            assert names <= set(r.values), (r.key, names - set(r.values))
    text = e.text
    assert text and "{" not in text and text.endswith(".")
    for s in e.sentences():
        assert s[0].isupper() and s.endswith("."), s
    json.dumps(e.to_dict())                   # plain data


# ---- the shared pieces --------------------------------------------------------------------------

def test_render_picks_the_sentence_by_count():
    t = Plural("n", "I drew {n} bridge.", "I drew {n} bridges.")
    assert render(t, {"n": 1}) == "I drew 1 bridge." and render(t, {"n": 0}) == "I drew 0 bridges."
    e = Explanation("a", (Reason("x", {"n": 2}),), None, (), {"x": t})
    assert e.text == "I drew 2 bridges." and e.to_dict()["reasons"] == [{"key": "x", "values": {"n": 2}}]


# ---- Isle of Skye -------------------------------------------------------------------------------

def weights(g) -> dict[int, int]:
    """Scoring tile -> times it is still scored (this round included), from the round track."""
    w: dict[int, int] = {}
    for r in range(g.round_no, g.n_rounds + 1):
        for slot in ROUND_TRACK[g.n_players][r]:
            w[g.scoring[slot]] = w.get(g.scoring[slot], 0) + 1
    return w


def skye_counts(t: Territory, numbers) -> dict:
    return {"tiles": {n: scoring.score_tile(n, [t], [0])[0].points for n in numbers},
            "scrolls": scoring.scroll_points(t).points, "income": scoring.income(t).points}


def skye_spot(g, v) -> dict:
    """Place the reason's tile at its spot in a copy of the territory; the changes, by scoring.py."""
    w = weights(g)
    terr = g.territories[v["player"]].copy()
    before = skye_counts(terr, w)
    assert terr.is_legal(v["tile"], v["x"], v["y"], v["rotation"])
    terr.place(v["tile"], v["x"], v["y"], v["rotation"])
    after = skye_counts(terr, w)
    each = {n: after["tiles"][n] - before["tiles"][n] for n in w if MAJORITY_QUANTITY.get(n) is None}
    scrolls = after["scrolls"] - before["scrolls"]
    return {"each": each, "scrolls": scrolls, "income": after["income"] - before["income"],
            "vp": sum(d * w[n] for n, d in each.items()) + scrolls, "weights": w}


def check_skye(g, p, a, e) -> int:
    from skye_widgets.skye.explain import TEMPLATES
    check_words(e, TEMPLATES)
    checked = 0
    for r in e.all_reasons():
        v = r.values
        if r.key == "random":
            assert v["moves"] == len(g.legal_actions(p))
            continue
        if "x" in v and "tile" in v:
            got = skye_spot(g, v)
            if "vp" in v:
                assert v["vp"] == got["vp"], (r.key, v, got)
            if r.key == "under_tile":
                assert v["each"] == got["each"][v["scoring_tile"]] != 0 and v["times"] == got["weights"][v["scoring_tile"]]
                assert v["label"] == scoring.tile_label(v["scoring_tile"])
            if r.key == "scrolls":
                assert v["scrolls"] == got["scrolls"] != 0
            if r.key == "income":
                assert v["income"] == got["income"] > 0
            checked += 1
        if r.key in ("bought", "alt_offer"):
            h = g.clone()
            h.apply(Buy(p, v["seller_seat"], v["tile"]))
            assert h.gold[p] == v["gold"] == g.gold[p] - v["price"]
            assert g.prices[v["seller_seat"]][v["tile"]] == v["price"]
        if r.key == "placed":
            assert (a.tile, a.x, a.y, a.rotation) == (v["tile"], v["x"], v["y"], v["rotation"])
            h = g.clone()
            h.apply(a)                                  # the move itself is legal in the game
            assert h.territories[p].placements[(a.x, a.y)].tile == a.tile
        if r.key == "alt_place":
            h = g.clone()
            h.apply(e.alternative)                      # so is the named alternative
        if r.key == "priced":
            assert dict(a.prices)[v["tile"]] == v["price"]
        if r.key == "discarded":
            assert a.discard == v["tile"]
    return checked


@pytest.mark.parametrize("seed", [1, 2])
def test_skye_explanations_make_the_same_choices_and_their_numbers_hold(seed):
    kinds = ["planner", "greedy", "random"] if seed == 1 else ["greedy", "planner"]
    checked = moves = 0
    for g, p, a, e in play_explained(skye, kinds, seed):
        checked += check_skye(g, p, a, e)
        moves += 1
    assert moves > 30 and checked > moves        # most moves name spots with numbers


def test_skye_spot_effects_by_hand():
    """Tile 53 (a road on its north side, a whisky) south of the blue castle, whose south side has
    a road: the road joins the castle, so Tiles on the road (13) gains 1 tile each time it is
    scored (twice: 2 VP) and the income 1 gold; nothing is completed, so Completed areas (2) is
    unchanged and not named."""
    from skye_widgets.skye.explain import TEMPLATES, _details, effects
    t = Territory("castle-blue")
    eff = effects(t, "53", (0, 1, 0), {13: 2, 2: 1})
    assert eff == {"each": {13: 1}, "scrolls": 0, "income": 1, "vp": 2}
    e = Explanation(None, tuple(_details(0, "53", (0, 1, 0), eff, {13: 2, 2: 1})), templates=TEMPLATES)
    assert e.text == ("It adds 1 VP under 13 (Tiles on the road), which is scored 2 more times. "
                      "Its whisky adds 1 gold to my income every round.")
    assert scoring.income(t).points == 5                 # and by the rules: 5 + 1 once placed
    t.place("53", 0, 1, 0)
    assert scoring.income(t).points == 6 and scoring.score_tile(13, [t], [0])[0].points == 1


def test_skye_placement_under_a_scoring_tile_by_hand():
    """A game whose scoring tiles include Tiles on the road (13): the first placement's claim
    under 13 is the change in tiles joined to the castle by road, counted by scoring.py."""
    g = skye.Game.new(2, seed=5, scoring=(2, 13, 16, 1))
    bot = skye.make_bot("greedy", seed=1)
    while g.phase != "build" or g.current_player() < 0:
        p = g.current_player()
        g.apply(skye.make_bot("greedy", seed=p).choose(g.observation(p)))
    p = g.current_player()
    a, e = bot.choose_explained(g.observation(p))
    placed = e.reasons[0]
    assert placed.key == "placed"
    # hand count: Tiles on the road (13) counts the tiles joined to the castle by road,
    # one more when the new tile's road meets the castle's road
    terr = g.territories[p].copy()
    before = scoring.score_tile(13, [terr], [0])[0].points
    terr.place(a.tile, a.x, a.y, a.rotation)
    gain13 = scoring.score_tile(13, [terr], [0])[0].points - before
    named = {r.values["scoring_tile"]: r.values["each"] for r in e.reasons if r.key == "under_tile"}
    assert named.get(13, 0) == gain13 and gain13 in (0, 1)
    check_skye(g, p, a, e)


def test_skye_random_bot_says_it_chose_at_random():
    g = skye.Game.new(3, seed=4)
    a, e = skye.make_bot("random", seed=0).choose_explained(g)
    n = len(g.legal_actions(g.current_player()))
    assert e.text == f"I chose at random among {n} legal moves." and a in g.legal_actions(g.current_player())


# ---- Hashi --------------------------------------------------------------------------------------

def hashi_sheet_after(g, p, v, card):
    """Play the reason's write and bridges on a copy of the game; the player's sheet after."""
    h = g.clone()
    if v["write"] is not None:
        h.apply(Write(tuple(v["write"])))
    for a, b in v["lines"]:
        h.apply(Bridge(tuple(a), tuple(b)))
    return h.sheet(p)


def hashi_worth(g, p, sheet) -> int:
    """VP if the game ended now: 2 per finished island + categories met not scored yet."""
    mine = {a.category for a in g.achievements if a.player == p}
    taken = {a.category for a in g.achievements}
    vp = POINTS_PER_FINISHED_ISLAND * len(sheet.finished())
    for cat, (_label, full, later) in CATEGORIES.items():
        if cat in mine or sheet.meets(cat) is None:
            continue
        if g.n_players == 1:
            vp += full if g.round <= SOLO_DEADLINES[cat] else later
        else:
            vp += later if cat in taken else full
    return vp


def check_hashi(g, p, a, e, plans) -> None:
    from skye_widgets.hashi.explain import TEMPLATES
    check_words(e, TEMPLATES)
    card = g.card
    before = g.sheet(p)
    for r in e.all_reasons():
        v = r.values
        if r.key == "random":
            assert v["moves"] == len(g.legal_actions())
        elif r.key == "setup":
            assert (v["x"], v["y"]) == a.cell and v["number"] == a.number
            assert v["neighbours"] == len(g.board.neighbours(a.cell))
        elif r.key in ("did_write", "did_no_write", "turn_done"):
            # ending a turn: what the turn did and what the sheet is worth now, from the engine
            obs = g.observation(p)
            assert isinstance(a, EndTurn)
            if r.key == "did_write":
                assert (v["x"], v["y"]) == obs.turn_wrote and v["number"] == card.number
            if r.key == "did_no_write":
                assert obs.turn_wrote is None
            if r.key != "turn_done":
                assert v["bridges"] == len(obs.turn_drawn)
            else:
                assert v["vp"] == hashi_worth(g, p, before)
        elif "lines" in v:
            after = hashi_sheet_after(g, p, v, card)
            if r.key in ("wrote", "no_write"):
                plans.append((g.clone(), p, v))            # checked against the real turn below
                assert v["bridges"] == len(v["lines"])
            if r.key == "finished":
                assert v["finished"] == len(after.finished()) - len(before.finished()) > 0
                assert v["vp"] == 2 * v["finished"]
            if r.key == "category":
                assert after.meets(v["category"]) is not None and before.meets(v["category"]) is None
                assert v["points"] in CATEGORIES[v["category"]][1:]
            if r.key == "progress":
                prog = lambda s: sum(min(s.degree(c), n) for c, n in s.numbers.items())
                assert v["steps"] == prog(after) - prog(before) > 0
            if r.key == "worth_now":
                assert v["vp"] == hashi_worth(g, p, after)
                assert v["gain"] == v["vp"] - hashi_worth(g, p, before)
            if r.key in ("alt_write", "alt_no_write"):
                assert v["vp"] == hashi_worth(g, p, after)
                assert (v["write"] is None) == (r.key == "alt_no_write")


@pytest.mark.parametrize("kinds,seed", [(["planner", "greedy", "random"], 3), (["greedy"], 1), (["planner"], 2)])
def test_hashi_explanations_make_the_same_choices_and_their_numbers_hold(kinds, seed):
    plans: list = []
    turns = []
    for g, p, a, e in play_explained(hashi, kinds, seed):
        check_hashi(g, p, a, e, plans)
        turns.append((len(g.history), p, a))
    assert len(plans) > 10
    # the plan an explanation describes is the turn the bot then played
    played = [(i, p, a) for i, p, a in turns]
    for g0, p, v in plans:
        start = len(g0.history)
        acts = [a for i, q, a in played if i >= start and q == p]
        wrote = [a.cell for a in acts[:1 + len(v["lines"])] if isinstance(a, Write)]
        assert wrote == ([tuple(v["write"])] if v["write"] is not None else [])
        drawn = [[list(a.a), list(a.b)] for a in acts[:1 + len(v["lines"])] if isinstance(a, Bridge)]
        assert drawn == v["lines"]


# ---- Skylands -----------------------------------------------------------------------------------

def skylands_facts(g, p) -> dict:
    b = g.boards[p]
    return {"vp": score_board(b, vp_markers=g.vp[p], overflow=g.overflow[p], marker_active=g.marker_active[p]).points,
            "inhabitants": b.count(), "islands": len(b.complete_islands())}


def check_skylands(g, p, a, e) -> int:
    from skye_widgets.skylands.explain import TEMPLATES
    check_words(e, TEMPLATES)
    checked = 0
    for r in e.all_reasons():
        v = r.values
        if r.key == "random":
            assert v["moves"] == len(g.legal_actions())
        if "steps" not in v:
            continue
        steps = [action_from_data(s) for s in v["steps"]]
        assert steps[0] == (a if not r.key.startswith("alt_") else e.alternative)
        h = g.observation(p)                     # what the bot knew; a Take shows revealed tiles only
        before = skylands_facts(h, p)
        for s in steps:
            h = h.child(s)
        after = skylands_facts(h, p)
        for k in ("vp", "inhabitants", "islands"):
            assert v[k] == after[k], (r.key, k)
        assert v["dvp"] == after["vp"] - before["vp"]
        assert v["dinhabitants"] == after["inhabitants"] - before["inhabitants"]
        assert v["dislands"] == after["islands"] - before["islands"]
        checked += 1
    return checked


@pytest.mark.parametrize("kinds,seed", [(["planner", "greedy", "random"], 1), (["greedy", "planner"], 4)])
def test_skylands_explanations_make_the_same_choices_and_their_numbers_hold(kinds, seed):
    checked = moves = 0
    for g, p, a, e in play_explained(skylands, kinds, seed):
        checked += check_skylands(g, p, a, e)
        moves += 1
    assert moves > 30 and checked > moves // 2


# ---- "What would a bot do?" ---------------------------------------------------------------------

@pytest.mark.parametrize("game_mod,players", [(skye, 3), (hashi, 2), (skylands, 2)])
def test_suggest_shows_a_bots_choice_and_changes_nothing(game_mod, players):
    from skye_widgets.protocol import suggest
    g = game_mod.Game.new(players, seed=6)
    for _ in range(7):                                   # a few moves in, by the random bot
        p = g.current_player()
        g.apply(game_mod.make_bot("random", seed=len(g.history)).choose(g.observation(p)))
    before = json.dumps(g.to_dict(), sort_keys=True)
    for kind in KINDS:
        action, why = suggest(game_mod.make_bot, g, kind, seed=1)
        p = g.current_player()
        assert action == game_mod.make_bot(kind, seed=1).choose(g.observation(p))
        assert why.action == action and why.text
        h = g.clone()
        h.apply(action)                                  # legal
    assert json.dumps(g.to_dict(), sort_keys=True) == before


def test_a_hashi_bot_ending_its_turn_says_what_the_turn_did():
    """'Why: This carries on the turn I planned when it began.' said nothing a class could check
    (issue 32): ending a turn says what it wrote and drew, and the sheet's worth now."""
    ends = 0
    for g, p, a, e in play_explained(hashi, ["planner", "greedy"], 3):     # checked before the move is played
        if isinstance(a, EndTurn):
            ends += 1
            assert [r.key for r in e.reasons][-1] == "turn_done", e.text
            assert "carries on" not in e.text, e.text
            check_hashi(g, p, a, e, [])
    assert ends > 10
