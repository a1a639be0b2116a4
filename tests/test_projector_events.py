"""The projector page tells the class what happened (issue 32, items 1 and 2), headless.

Item 1: every move — a bot's too — and every round's scoring is told in the page's "What
happened" list (the last :data:`EVENTS_SHOWN` lines, newest on top, in the side column under the
decision and the status line), in the words of the game's own log. Item 2: no line stays after it
stops being true — the teacher's "Undone ..." / "Taken back ..." after "next move", the pause after
"new game" or "restart".

Games are those of the other projector tests. Isle of Skye game 3 (hand-checked in
tests/test_projector.py): Class draws 43, 40 and 13; Bot 3 discards 59 and offers tile 51 for 2 gold
and tile 33 for 1; after Class passes, Bot 2 buys tile 51 from Bot 3 (2 gold) and Bot 3 buys tile
13 from Class (1 gold). Hashi game 0: Class writes the setup 3 at (2, 0), Bot 2 answers with its
setup. Skylands game 0: Bot 3 plays first (it chooses Discover islands and takes a revealed island
to (0, 1)), Class is next.
"""

from __future__ import annotations

import re

import pytest

from skye_widgets.hashi.game import Setup
from skye_widgets.skye.game import Buy
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.projector import EVENTS_SHOWN, ProjectorGame, ProjectorTable
from test_projector import class_prices_and_passes as skye_class_prices_and_passes


def shown_events(t: ProjectorTable) -> list[str]:
    """The "What happened" list as the page shows it, top line first (the newest)."""
    return [plain_text(li) for li in re.findall(r'<li class="skye-projector-event">(.*?)</li>', t.events.value)]


# --------------------------------------------------------------------------
# 1. The class sees what the bots did
# --------------------------------------------------------------------------

@pytest.mark.parametrize("game", ["skye", "hashi", "skylands"])
def test_every_game_speaks_events_and_the_list_sits_under_the_status_line(game):
    t = ProjectorTable(game, seed=3, speed="step")
    assert isinstance(t.game, ProjectorGame) and callable(t.game.events)
    parts = t.game.projector_parts()
    side = list(t.side.children)
    assert side.index(parts.decision) < side.index(parts.status) < side.index(t.events)
    assert side.index(t.events) < side.index(parts.summaries)
    assert plain_text(t.events.value).startswith("What happened, newest first")
    # the explanation asked for by the teacher takes the list's place, and gives it back
    t.controls.explain(True)
    assert t.events not in t.side.children
    t.controls.explain(False)
    assert t.events in t.side.children


def test_skye_the_list_starts_empty_and_tells_each_buy_with_seller_and_price():
    t = ProjectorTable("skye", seed=3, speed="step")
    g = t.game.game
    # the bots have priced in secret: nothing is told yet (their "has decided" is the players table's)
    assert shown_events(t) == []
    assert "Nothing has happened yet." in plain_text(t.events.value)
    skye_class_prices_and_passes(t)
    # the prices are revealed: each player's discard and offers, then Class's pass
    assert shown_events(t)[:2] == ["Class passes.", "Bot 3 discards tile 59 and offers tile 51 for 2, tile 33 for 1."]
    assert t.controls.step() == 1
    assert g.history[-1] == Buy(1, 2, "51")
    assert shown_events(t)[0] == ("Bot 2 buys tile 51 from Bot 3 for 2 gold; Bot 3 receives 2 and takes back "
                                  "the 2 gold on it.")
    assert t.controls.step() == 1
    assert g.history[-1] == Buy(2, 0, "13")
    # the buying is over: everyone keeps their unsold tiles (the gold on them is lost); newest on
    # top, so Bot 3's buy, then Bot 2's, then Class's pass are under them
    assert shown_events(t) == [
        "Bot 3 keeps unsold tile 33 and loses the 1 gold on it.",
        "Bot 2 keeps unsold tiles 61, 23 and loses the 3 gold on them.",
        "Class keeps unsold tile 40 and loses the 1 gold on it.",
        "Bot 3 buys tile 13 from Class for 1 gold; Class receives 1 and takes back the 1 gold on it.",
        "Bot 2 buys tile 51 from Bot 3 for 2 gold; Bot 3 receives 2 and takes back the 2 gold on it.",
        "Class passes."]
    assert EVENTS_SHOWN == 6
    # the events are the engine's own log lines (one definition), the newest last
    assert t.game.events(3) == [e.text for e in g.log[-3:]]
    assert [e.text for e in g.log if "buys tile" in e.text] == shown_events(t)[4:2:-1]


def test_skye_a_rounds_scoring_is_still_told_when_the_next_round_asks_for_prices():
    """Class plays its first legal action each time (the bots answer at once): at round 2's prices,
    the list shows round 1's scoring — each scoring tile's points per player, then the totals."""
    t = ProjectorTable("skye", seed=3, speed="normal")
    g = t.game.game
    while g.round_no == 1:
        assert t.game.act(g.legal_actions(g.decision_players()[0])[0]), t.game.message
    assert g.phase == "prices" and t.game.humans_to_act() == [0]
    # round 1 of 3 players scores slot A only; the engine's numbers, for each player
    [slot] = [s for s in g.slot_scores if s.round_no == 1]
    assert slot.slot == "A" and [r.points for r in slot.results] == [2, 2, 2]
    shown = shown_events(t)
    assert shown[:4] == [
        "After round 1: Class 2 VP, Bot 2 2 VP, Bot 3 2 VP.",
        "Scoring A, tile 16 (Completed mountain areas): Bot 3 +2 VP (completed mountain area of 3 tiles +2).",
        "Scoring A, tile 16 (Completed mountain areas): Bot 2 +2 VP (completed mountain area of 2 tiles +2).",
        "Scoring A, tile 16 (Completed mountain areas): Class +2 VP (completed mountain area of 2 tiles +2)."]
    # the new round's bookkeeping (round 2 starts, incomes, draws, "has decided") is left out
    assert not any(re.search(r"Round 2 of 6|receives \d+ gold \(|draws tiles|has decided", e) for e in shown)
    assert len(shown) == EVENTS_SHOWN


def test_hashi_the_list_tells_each_setup_written_the_class_s_and_the_bot_s():
    t = ProjectorTable("hashi", seed=0, speed="normal")
    w = t.game
    assert shown_events(t) == []
    w.click_cell(2, 0)
    assert len(w.game.history) == 2
    bot = w.game.history[1]
    assert isinstance(bot, Setup) and w.turns.actor(1) == 1
    x, y = bot.cell
    assert shown_events(t) == [f"Bot 2: writes the setup {bot.number} at ({x}, {y})",
                               "Class: writes the setup 3 at (2, 0)"]


def test_skylands_the_list_tells_the_bots_moves_as_sentences():
    t = ProjectorTable("skylands", seed=0, speed="normal")
    assert t.game.state.log == ["Bot 3 chooses Discover islands", "Bot 3 takes a revealed island to (0, 1)"]
    assert shown_events(t) == ["Bot 3 takes a revealed island to (0, 1).", "Bot 3 chooses Discover islands."]


def test_the_list_keeps_only_the_last_few_and_follows_an_undo():
    t = ProjectorTable("skye", seed=3, speed="step")
    skye_class_prices_and_passes(t)
    t.controls.step()
    t.controls.step()
    # 3 offers, Class's pass, 2 buys, 3 unsold: 9 told, the page shows the last 6
    assert len(t.game.events(100)) == 9 and len(shown_events(t)) == 6
    assert shown_events(t) == list(reversed(t.game.events(100)[-6:]))
    assert t.game.events(0) == []
    t.controls.undo()                                # Bot 3's buy is taken back: the list forgets it
    assert shown_events(t)[:2] == [
        "Bot 2 buys tile 51 from Bot 3 for 2 gold; Bot 3 receives 2 and takes back the 2 gold on it.",
        "Class passes."]


# --------------------------------------------------------------------------
# 2. No stale lines
# --------------------------------------------------------------------------

def test_skye_undone_line_goes_after_next_move():
    t = ProjectorTable("skye", seed=3, speed="normal")
    skye_class_prices_and_passes(t)
    t.controls.undo()
    assert t.game.message == "Undone: Bot 3's last action. The bots are paused."
    assert t.controls.step() == 1
    assert t.game.message == "Bot 3 buys tile 13 from Class for 1 gold; Class receives 1 and takes back the 1 gold on it."


def test_hashi_taken_back_line_goes_after_next_move():
    t = ProjectorTable("hashi", seed=0, speed="normal")
    w = t.game
    w.click_cell(2, 0)
    t.controls.undo()
    assert w.message.startswith("Taken back: Bot 2 writes the setup") and w.message.endswith("The bots are paused.")
    assert t.controls.step() == 1
    again = w.game.history[-1]
    x, y = again.cell
    assert w.message == f"Bot 2: writes the setup {again.number} at ({x}, {y})"
    assert shown_events(t)[0] == w.message


def test_hashi_a_bot_move_leaves_any_other_status_line_alone():
    """Only the teacher's undo line is replaced: the class's own news (the boards passed) stays."""
    t = ProjectorTable("hashi", seed=0, speed="normal")
    w = t.game
    w.click_cell(2, 0)                               # the bot answers at once
    assert w.message.startswith("Class wrote a 3 at (2, 0); boards passed to the left")


def test_skylands_taken_back_line_goes_after_next_move():
    t = ProjectorTable("skylands", seed=0, speed="normal")
    w = t.game
    t.controls.undo()
    assert w.message.startswith("Taken back: Bot 3 takes a revealed island")
    assert t.controls.step() == 1
    assert "Taken back" not in w.message and w.message == w.prompt()


@pytest.mark.parametrize("game, seed", [("skye", 3), ("hashi", 0), ("skylands", 0)])
@pytest.mark.parametrize("new", [False, True])
def test_the_pause_of_an_undo_does_not_carry_over_to_a_new_game(game, seed, new):
    t = ProjectorTable(game, seed=seed, speed="normal")
    if game == "skye":
        skye_class_prices_and_passes(t)
    elif game == "hashi":
        t.game.click_cell(2, 0)
    t.controls.undo()                                # a bot's move taken back: the bots pause
    assert t.controls.paused and t.controls.pause_button.description == "resume"
    assert not t.game.turns.auto
    t.controls.restart(new=new)
    assert not t.controls.paused and t.controls.pause_button.description == "pause"
    assert t.game.turns.auto
    assert not re.search(r"Undone|Taken back", t.game.message)


# --------------------------------------------------------------------------
# The list in every language (written by hand, not read from the catalogs)
# --------------------------------------------------------------------------

EVENTS_HEAD = {
    "en": ("What happened, newest first", "Nothing has happened yet."),
    "pt": ("O que aconteceu, o mais recente no topo", "Ainda não aconteceu nada."),
    "pl": ("Co się wydarzyło, najnowsze na górze", "Jeszcze nic się nie wydarzyło."),
    "fr": ("Ce qui s’est passé, le plus récent en haut", "Il ne s’est encore rien passé."),
    "es": ("Lo que ha pasado, lo más reciente arriba", "Todavía no ha pasado nada."),
}


@pytest.mark.parametrize("code", sorted(EVENTS_HEAD))
def test_the_list_speaks_the_page_s_language(code):
    from skye_widgets import i18n

    try:
        t = ProjectorTable("hashi", seed=0, speed="step", language=code)
        head, empty = EVENTS_HEAD[code]
        assert plain_text(t.events.value) == head + empty
        t.controls.set_language("en")                # switched mid-game: the list follows
        assert plain_text(t.events.value) == "".join(EVENTS_HEAD["en"])
    finally:
        i18n.set_language("en")
