"""Bot moves explained in the three game tables, and "What would a bot do?" (issue 17).

The loop records ``choose_explained`` for every bot action; these tests replay the
same decisions on a fresh copy of the game with copies of the bots and compare,
check where the "why?" shows (bot moves only, never a secret price before it is
revealed), that a suggestion changes nothing, and that ``explain_last`` quotes the
engine's own score before and after the move.
"""

from __future__ import annotations

import copy
import re

from skye_widgets import hashi, skye, skylands
from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import HashiGame
from skye_widgets.protocol import suggest
from skye_widgets.skye.game import SetPrices
from skye_widgets.widgets.base import WHY_SUMMARY, plain_text
from skye_widgets.widgets.hashi import HashiWidget
from skye_widgets.widgets.skye import GameTable
from skye_widgets.widgets.skylands import SkylandsWidget


def replay_decisions(new_game, seats, loop):
    """Replay ``loop.game``'s history on ``new_game``, asking a copy of each bot
    (``seats``, as they were before the first move) to decide where a bot acted;
    every recorded decision must be exactly what ``choose_explained`` gives there."""
    recorded = {d.index: d for d in loop.explanations}
    assert recorded, "no bot decision was recorded"
    checked = 0
    for i, action in enumerate(loop.game.history):
        d = recorded.get(i)
        if d is not None:
            bot = seats[d.player]
            again, why = bot.choose_explained(new_game.observation(d.player))
            assert again == d.action == action
            assert why == d.explanation and why.text == d.explanation.text
            checked += 1
        new_game.apply(action)
    assert new_game.to_dict() == loop.game.to_dict()
    return checked


def bot_actions(loop):
    return [i for i in range(len(loop.game.history)) if not loop.is_person(loop.actor(i))]


# -- the loop records what choose_explained says -------------------------------

def test_skye_table_records_choose_explained_for_every_bot_action():
    t = GameTable(["planner", "greedy"], seed=5, auto_bots=False, bot_delay=None)
    seats = copy.deepcopy(t.seats)          # the bots before they decided anything
    t.step_bots(10_000)
    assert t.game.is_over()
    assert [d.index for d in t.turns.explanations] == bot_actions(t.turns) == list(range(len(t.game.history)))
    n = replay_decisions(skye.Game.new(2, seed=5, scoring=list(t.game.scoring.values())), seats, t.turns)
    assert n == len(t.game.history)
    assert t.turns.last_explanation is t.turns.explanations[-1]


def test_hashi_game_records_choose_explained_for_every_bot_action():
    game = HashiGame(load_board("skerries-a"), ["a", "b"], seed=3)
    w = HashiWidget(HashiGame(load_board("skerries-a"), ["a", "b"], seed=3), bots=[None, "planner"])
    seats = copy.deepcopy(w.turns.seats)
    w.click_island(2, 0)                    # the person's setup; the bot answers
    while not w.game.is_over():
        w.done()
    assert replay_decisions(game, seats, w.turns) == len(bot_actions(w.turns)) > 10


def test_skylands_records_choose_explained_for_every_bot_action():
    w = SkylandsWidget(players=2, human=(), bots=["planner", "greedy"], seed=2)
    assert w.state.is_over()                # bots only: they played it all when the table opened
    # the table seats seat p's bot with seed * 10 + p: the same bots, before any decision
    seats = [skylands.make_bot("planner", 2 * 10 + 0), skylands.make_bot("greedy", 2 * 10 + 1)]
    assert replay_decisions(skylands.Game.new(2, seed=2), seats, w.turns) == len(w.state.history)


# -- "why?" under bot moves only --------------------------------------------------

def why_count(html, css):
    return len(re.findall(f'<details class="{css}">', html))


def test_skye_log_shows_why_under_bot_moves_only_and_keeps_prices_secret():
    t = GameTable(["human", "greedy"], seed=8, bot_delay=None)
    # the bot has priced in secret: its reasons would show its prices, so no "why?" yet
    [d] = t.turns.explanations
    assert isinstance(d.action, SetPrices) and t.game.phase == "prices"
    assert why_count(t.log_html.value, "skye-why") == 0
    assert "secret until every price is revealed" in t.explain_last()
    assert d.explanation.text not in t.log_html.value
    action, _why = t.suggest()
    assert t.act(action)                    # the person prices; prices are revealed
    assert t.game.phase == "buy"
    html = t.log_html.value
    line = t.game.log[d.log_start].text
    assert f"{line}</div><details class=\"skye-why\"><summary>{WHY_SUMMARY}</summary>" in html
    # the person's own line has no "why?"
    mine = next(e.text for e in t.game.log if e.player == 0 and "decided" in e.text)
    assert f"{mine}</div><details" not in html
    # every bot decision has one "why?", and nothing else has
    while not t.game.is_over():
        p = t.humans_to_act()
        assert p == [0]
        t.act(t.suggest()[0])
    assert why_count(t.log_html.value, "skye-why") == len(t.turns.explanations) == len(bot_actions(t.turns))
    assert len(bot_actions(t.turns)) < len(t.game.history)


def test_hashi_log_lists_bot_moves_with_why_and_no_person_move():
    w = HashiWidget.versus(["greedy"], seed=4)
    assert w.log_html.value == ""           # the person acts first: nothing yet
    w.click_island(2, 0)
    w.done()
    bots = bot_actions(w.turns)
    assert bots and len(bots) < len(w.game.history)
    html = w.log_html.value
    assert html.count('class="hashi-log-line"') == len(bots) == why_count(html, "hashi-why")
    assert all(w.game.players[0] + ":" not in line for line in re.findall(r'hashi-log-line">([^<]*)<', html))


def test_skylands_log_why_follows_bot_lines_only():
    w = SkylandsWidget(players=2, human=0, bots="greedy", seed=3)
    while w.is_human_turn() and len(w.state.history) < 6:
        w.act(w.suggest()[0])
    html = w.log_view.value
    first = max(0, len(w.state.log) - 8)
    shown = {d.log_start for d in w.turns.explanations if d.log_start >= first}
    assert shown and why_count(html, "skylands-why") == len(shown)
    for part in html.split("<br>"):
        line = re.sub(r"<details.*", "", part)
        assert line.startswith(w.state.names[0]) != ("skylands-why" in part)


# -- undo drops the bot moves it takes back ---------------------------------------

def test_undo_drops_the_explanations_of_the_bot_moves_it_takes_back():
    t = GameTable(["human", "greedy"], seed=8, bot_delay=None)
    t.act(t.suggest()[0])                   # prices: the bot's price stands before it
    kept = list(t.turns.explanations)
    assert t.humans_to_act() == [0]
    t.act(t.suggest()[0])                   # the person's next decision; the bot answers
    assert len(t.turns.explanations) >= len(kept)
    t.undo()
    assert [d.index for d in t.turns.explanations] == [d.index for d in kept]
    assert all(d.index < len(t.game.history) for d in t.turns.explanations)


# -- "What would a bot do?" changes nothing and is the same for the same seed -------

def test_skye_suggestion_changes_nothing_and_repeats():
    t = GameTable(["human", "planner"], seed=11, bot_delay=None)
    before, log_before = t.game.to_dict(), t.log_html.value
    action, why = t.suggest()
    assert t.game.to_dict() == before and t.log_html.value == log_before
    assert action in t.game.legal_actions(0)
    assert why.text in t.hint and "A planner bot would discard tile" in t.hint
    again = GameTable(["human", "planner"], seed=11, bot_delay=None).suggest()
    assert again == (action, why) and t.suggest() == (action, why)
    t.act(action)
    assert t.hint == ""                     # the hint was for that decision


def test_skye_hotseat_suggests_only_for_the_revealed_player():
    t = GameTable(["human", "human"], seed=2, bot_delay=None)
    assert t.suggest() is None and t.hint == ""
    t.reveal(1)
    action, _why = t.suggest()
    assert action.player == 1
    t.reveal(0)
    assert t.hint == ""                     # the next player does not see the other's hint


def test_hashi_suggestion_has_the_planners_explanation_and_changes_nothing():
    w = HashiWidget.versus(["greedy"], seed=6)
    before = w.game.to_dict()
    w.suggest()
    action, why = w.suggestion
    assert w.game.to_dict() == before
    assert (action, why) == suggest(hashi.make_bot, w.game, "planner", seed=w.game.round)
    assert why.text in w.hint and w.hint.startswith("What would a bot do? The planner would write a")


def test_skylands_suggestion_changes_nothing_and_repeats():
    w = SkylandsWidget(players=3, human=0, bots="greedy", seed=5)
    before = w.state.to_dict()
    action, why = w.suggest()
    assert w.state.to_dict() == before and action in w.state.legal_actions()
    assert why.text in w.hint
    assert SkylandsWidget(players=3, human=0, bots="greedy", seed=5).suggest() == (action, why)


# -- explain_last: the explanation and what the move scored, from the engine -------

def test_explain_last_quotes_the_engines_scores_before_and_after():
    t = GameTable(["greedy", "random"], seed=4, bot_delay=None)
    assert t.game.is_over()
    d = t.turns.last_explanation
    assert d.index == len(t.game.history) - 1
    text = t.explain_last()
    final = t.game.scores()[d.player].points
    vp_before = skye.Game.new(2, seed=4, scoring=list(t.game.scoring.values()))
    for a in t.game.history[:-1]:
        vp_before.apply(a)
    before = vp_before.vp[d.player]
    assert d.explanation.text in text
    assert f"score went from {before} to {final} points" in text
    assert "final scoring" in text          # the last placement ends the game: its breakdown lines


def test_explain_last_before_any_bot_move():
    t = GameTable(["human", "greedy"], seed=1, bot_delay=None, auto_bots=False)
    assert t.explain_last() == "No bot has moved yet."
    assert HashiWidget.versus(["greedy"], seed=1).explain_last() == "No bot has moved yet."


def test_explain_last_lines_add_up_to_the_score_change():
    # Skylands: a bot's placement changes its score; the lines it names (new ones added,
    # replaced ones taken off) add up to the change, and the totals are the engine's
    w = SkylandsWidget(players=2, human=0, bots="greedy", seed=3)
    for _ in range(40):
        d = w.turns.last_explanation
        g = w.state.clone()
        while len(g.history) > d.index:
            g.undo()
        before = g.scores()[d.player]
        g.apply(d.action)
        after = g.scores()[d.player]
        if before.points != after.points:
            break
        w.act(w.suggest()[0])
    assert before.points != after.points
    assert sum(i.points for i in after.breakdown) == after.points      # the engine's breakdown adds up
    text = re.sub(r"<[^>]+>", "", w.explain_last())
    assert f"score went from {before.points} to {after.points} points:" in text
    new = [int(m) for m in re.findall(r"^new: .*: ([+-]\d+)$", text, re.M)]
    gone = [int(m) for m in re.findall(r"^gone: .*: ([+-]\d+)$", text, re.M)]
    changes = [(int(a), int(b)) for a, b in re.findall(r"^.* → .*: ([+-]\d+) → ([+-]\d+)$", text, re.M)]
    assert new or changes
    assert before.points + sum(new) - sum(gone) + sum(b - a for a, b in changes) == after.points
    # a line counting the same thing again is told as a change ("13 empty squares x -2 → 12 empty
    # squares x -2: -26 → -24"), never as one line gone and one new
    shape = lambda line: re.sub(r"[+-]?\d+", "#", line.split(": ", 1)[1].rsplit(": ", 1)[0])  # noqa: E731
    assert not {shape(x) for x in text.splitlines() if x.startswith("new: ")} & \
        {shape(x) for x in text.splitlines() if x.startswith("gone: ")}, text


def test_the_explain_button_shows_explain_last_under_the_controls():
    t = GameTable(["greedy", "random"], seed=4, bot_delay=None)
    t.explain_button.click()
    shown = plain_text(t.explain_html.value)
    text = t.explain_last()
    assert shown and all(line.strip() in shown for line in text.splitlines() if line.strip())
    assert t.explain_button.description == "explain the last move" and t.explain_button.tooltip
