"""Projector mode: one game's table on a wall, driven from the front (issue 16).

This module holds what the three games share: the protocol a game widget
speaks to be shown on a projector (:class:`ProjectorGame`), the parts it hands
over (:class:`ProjectorParts`), and — built on them — the projector page
(:class:`ProjectorTable`: a big "whose turn / what to do now" line, the active
player's board as large as the screen allows, the decision, every player's
summary, the round track) with the teacher's controls (:class:`TeacherControls`:
bot speed including step by step, pause, undo, everyone's hidden information,
explain the last move, restart with the same or a new seed).

Each game widget module provides ``projector_game(seed, **options)``, a
factory of a widget that speaks :class:`ProjectorGame`
(:func:`skye_widgets.widgets.skye.projector_game`,
:func:`skye_widgets.widgets.hashi.projector_game`,
:func:`skye_widgets.widgets.skylands.projector_game`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, runtime_checkable

import ipywidgets as W


@dataclass
class ProjectorParts:
    """The widgets a game hands to the projector page, each shown once.

    ``board``: the active player's board (a widget holding the canvas; the page
    scales it to the height it can fill — ipycanvas maps clicks through CSS
    scaling). ``decision``: what the person to act does now (prompts, choices,
    buttons; an empty box while bots think). ``summaries``: every player's
    summary (name, score, and what the rules let everyone see). ``track``: the
    round track / progress of the game. ``status``: the table's status line.
    """

    board: W.Widget
    decision: W.Widget
    summaries: W.Widget
    track: W.Widget
    status: W.Widget


@runtime_checkable
class ProjectorGame(Protocol):
    """What a game widget provides to be shown by :class:`ProjectorTable`."""

    turns: Any                # the widget's TurnLoop: delay, auto, step_bots, undo go through it
    open_hand: bool           # True while everyone's hidden information shows

    def turn_line(self) -> str:
        """One plain sentence the room can read: whose turn and what to do now.

        E.g. "Anna: choose a tile to discard and set prices for the other two."
        While a bot acts: "Bot 2 (planner) is thinking." When the game has
        ended: who won, with the score.
        """
        ...

    def projector_parts(self) -> ProjectorParts:
        """The current parts (the board part follows the active player)."""
        ...

    def on_refresh(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` after every refresh of the widget (a move, undo, bots)."""
        ...

    def set_open_hand(self, on: bool = True) -> None:
        """Show (True) or hide everyone's hidden information, for discussion."""
        ...

    def explain_last(self) -> str:
        """The last move explained (what it scored and why), as HTML; a sentence when there is none."""
        ...

    def undo(self) -> None:
        """Take back the last person's action (and the bot moves after it)."""
        ...
