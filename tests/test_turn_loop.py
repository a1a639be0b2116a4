"""The shared turn loop of the game widgets, on a tiny game that speaks the protocol."""

import asyncio

import pytest

from skye_widgets.errors import BadConfigError, RulesError
from skye_widgets.widgets.base import TurnLoop


class Race:
    """Players take turns adding 1 or 2 to a total; the game ends when it reaches ``goal``."""

    def __init__(self, n_players=2, goal=10):
        self.n_players = n_players
        self.names = tuple(f"P{i}" for i in range(n_players))
        self.goal = goal
        self.total = 0
        self.history = []

    def is_over(self):
        return self.total >= self.goal

    def current_player(self):
        return -1 if self.is_over() else len(self.history) % self.n_players

    def legal_actions(self):
        return [] if self.is_over() else [1, 2]

    def apply(self, action):
        if type(action) is not int or action not in self.legal_actions():
            raise RulesError(f"{action!r} is not 1 or 2")
        self.history.append(action)
        self.total += action

    def undo(self):
        if not self.history:
            raise RulesError("nothing to undo")
        action = self.history.pop()
        self.total -= action
        return action

    def observation(self, player):
        return ("seen by", player, self.total)


class Ones:
    """A bot that always adds 1 and remembers what it was shown."""

    name = "ones"

    def __init__(self, action=1):
        self.action = action
        self.seen = []

    def choose(self, state):
        self.seen.append(state)
        return self.action


def test_seats_are_checked():
    with pytest.raises(BadConfigError, match="3 seats for a 2-player game"):
        TurnLoop(Race(2), [None, None, None])
    with pytest.raises(BadConfigError, match=r"None \(a person\) or a bot"):
        TurnLoop(Race(2), [None, "random"])


def test_bots_answer_a_person_at_once_without_a_running_loop():
    game, bot = Race(2), Ones()
    reported, changes = [], []
    loop = TurnLoop(game, [None, bot], delay=0.4, on_action=lambda p, a: reported.append((p, a)),
                    on_change=lambda: changes.append(len(game.history)))
    assert loop.persons_to_act() == [0] and loop.bot_to_act() is None
    loop.act(2)                       # the person adds 2, the bot answers with 1: total 3
    assert game.history == [2, 1] and game.total == 3
    assert reported == [(1, 1)] and changes == [2]
    assert bot.seen == [("seen by", 1, 2)]          # the bot is handed its observation, not the game
    assert loop.actor(0) == 0 and loop.actor(1) == 1 and loop.actor(2) is None


def test_a_refused_person_action_changes_nothing_and_moves_no_bot():
    game = Race(2)
    loop = TurnLoop(game, [None, Ones()])
    with pytest.raises(RulesError):
        loop.act(3)
    assert game.history == [] and loop.actor(0) is None


def test_bots_alone_play_to_the_end():
    game = Race(3, goal=10)
    loop = TurnLoop(game, [Ones(), Ones(), Ones()])
    loop.run()
    assert game.is_over() and game.history == [1] * 10 and loop.to_act() == []
    assert loop.step_bots(5) == 0


def test_stepping_by_hand_moves_one_bot_at_a_time():
    game = Race(3)
    loop = TurnLoop(game, [None, Ones(), Ones()], auto=False)
    loop.act(1)                       # auto off: the bots wait
    assert game.history == [1]
    assert loop.step_bots(1) == 1 and game.history == [1, 1]
    assert loop.step_bots(5) == 1 and game.history == [1, 1, 1]   # stops at the person's turn
    assert loop.step_bots(5) == 0
    loop.set_auto(True)               # nothing to do: it is the person's turn
    assert game.history == [1, 1, 1]


def test_undo_goes_back_to_the_last_persons_decision():
    game = Race(3)
    loop = TurnLoop(game, [None, Ones(), Ones()])
    loop.act(2)                       # 2, then the bots 1 and 1
    loop.act(1)                       # 1, then 1 and 1: total 7
    assert game.history == [2, 1, 1, 1, 1, 1] and game.total == 7
    assert loop.undo() == [(2, 1), (1, 1), (0, 1)]
    assert game.history == [2, 1, 1] and game.total == 4
    assert loop.undo() == [(2, 1), (1, 1), (0, 2)]
    assert game.history == [] and game.total == 0
    assert loop.undo() == [] and loop.last_person_action() is None


def test_actions_applied_behind_the_loops_back_have_no_known_maker():
    game = Race(2)
    loop = TurnLoop(game, [None, Ones()], auto=False)
    loop.act(1)
    game.undo()
    game.apply(2)                     # not through the loop: who made it is not known
    assert loop.actor(0) is None and loop.last_person_action() is None and loop.undo() == []


def test_a_bot_that_breaks_the_rules_stops_automatic_play():
    game = Race(2)
    errors = []
    loop = TurnLoop(game, [None, Ones(action=3)], on_error=lambda p, m: errors.append((p, m)))
    loop.act(1)
    assert game.history == [1]                       # the bad move changed nothing
    assert errors == [(1, "Bot P1 tried an illegal move: 3 is not 1 or 2")]
    assert loop.auto is False


def test_several_deciders_let_a_bot_move_while_a_person_thinks():
    game = Race(3)
    loop = TurnLoop(game, [None, Ones(), None], deciders=lambda g: [0, 1, 2])
    assert loop.persons_to_act() == [0, 2] and loop.bot_to_act() == 1


def test_on_a_running_loop_bots_move_one_at_a_time_after_the_delay():
    async def main():
        game = Race(2, goal=6)
        loop = TurnLoop(game, [Ones(), Ones()], delay=0)
        loop.run()
        first = len(game.history)      # run() returned before any bot moved
        scheduled = loop.pending
        for _ in range(200):
            if game.is_over():
                break
            await asyncio.sleep(0)
        return first, scheduled, game, loop
    first, scheduled, game, loop = asyncio.run(main())
    assert first == 0 and scheduled
    assert game.is_over() and game.history == [1] * 6 and not loop.pending


def test_pausing_cancels_the_scheduled_move():
    async def main():
        game = Race(2)
        loop = TurnLoop(game, [Ones(), Ones()], delay=0)
        loop.run()
        loop.set_auto(False)
        for _ in range(20):
            await asyncio.sleep(0)
        return game, loop
    game, loop = asyncio.run(main())
    assert game.history == [] and not loop.pending


def test_delay_none_moves_the_bots_at_once_even_on_a_running_loop():
    async def main():
        game = Race(2, goal=4)
        TurnLoop(game, [Ones(), Ones()], delay=None).run()
        return game
    assert asyncio.run(main()).history == [1, 1, 1, 1]


def test_the_teachers_undo_takes_back_one_action_whoever_made_it_and_pauses_the_bots():
    game = Race(3)
    loop = TurnLoop(game, [None, Ones(), Ones()])
    loop.act(2)                       # 2, then the bots 1 and 1
    assert game.history == [2, 1, 1] and loop.auto
    assert loop.undo_last() == (2, 1)            # the last bot's move alone
    assert game.history == [2, 1] and game.total == 3 and not loop.auto
    assert loop.bot_to_act() == 2                # paused: the bot does not play it again
    assert loop.undo_last() == (1, 1) and loop.undo_last() == (0, 2)
    assert game.history == [] and loop.undo_last() is None
