"""Saved Isle of Skye games: a game is its config plus its action list.

A save file is JSON::

    {"format": "skye-widgets/isle-of-skye-game", "version": 2,
     "config": {"players": 4, "seed": 7, "names": [...], "scoring": {"A": 3, ...}, "start_player": 0},
     "bots": ["random", "greedy", ...] or null,
     "actions": [{"type": "prices", "player": 0, "discard": "12", "prices": {"5": 3, "40": 2}}, ...],
     "state": {"steps": 96, "round": 6, "phase": "over", "vp": [...], "gold": [...]}}

Loading replays every action through the rules, so an edited or corrupt file
fails with one :class:`~skye_widgets.errors.FileFormatError` naming the file
and the fault (``game.json: action 17 of 96: Player 2 cannot buy tile 33: not
enough gold (price 5, has 3)``), and a file that loads reaches exactly the
saved state (``state`` is checked when present).

Version 2 numbers the scoring tiles in ``config.scoring`` as the rulebook's
printed list; a version 1 save (9 and 10, 13 and 14 the other way round) is
read and renumbered, so it replays the same game.

>>> from .game import GameConfig, GameState
>>> g = GameState(GameConfig(players=2, seed=3))
>>> d = game_to_dict(g)
>>> game_from_dict(d).history == g.history
True
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Sequence

from ..errors import FileFormatError, RulesError, read_json, write_json
from ..limits import MAX_NAME_LENGTH, MAX_SAVE_ACTIONS, MAX_SEED, MAX_TEXT_LENGTH, is_whole, short
from .game import Action, GameConfig, GameState, action_from_dict

FORMAT = "skye-widgets/isle-of-skye-game"
VERSION = 2
#: Versions this program reads: 1 has the old scoring tile numbers (renumbered on load).
READS = (1, 2)


class SaveDataError(ValueError):
    """A save dict that cannot be used; the message says where (no file name)."""


@dataclass(frozen=True)
class SavedGame:
    """A save file's content: enough to replay the game to any step."""

    config: GameConfig
    actions: tuple[Action, ...]
    bots: tuple[str, ...] | None = None

    def replay(self, step: int | None = None) -> GameState:
        """The state after the first ``step`` actions (all when None)."""
        acts = self.actions if step is None else self.actions[:step]
        return GameState.replay(self.config, acts)


def state_fingerprint(g: GameState) -> dict[str, Any]:
    """A short description of a state, stored to check a replay reaches it."""
    return {"steps": len(g.history), "round": g.round_no, "phase": g.phase,
            "vp": list(g.vp), "gold": list(g.gold)}


def game_to_dict(g: GameState, bots: Sequence[str] | None = None) -> dict[str, Any]:
    """The save-file content of ``g`` (JSON-able)."""
    return {"format": FORMAT, "version": VERSION, "config": g.config.to_dict(),
            "bots": list(bots) if bots else None,
            "actions": [a.to_dict() for a in g.history],
            "state": state_fingerprint(g)}


def saved_from_dict(d: Any) -> tuple[SavedGame, GameState]:
    """Check and replay a save dict; raises :class:`SaveDataError` saying what is wrong."""
    if not isinstance(d, dict):
        raise SaveDataError(f"expected a JSON object, got {type(d).__name__}")
    if d.get("format") != FORMAT:
        raise SaveDataError(f"not an Isle of Skye game save (format {short(d.get('format'))}, expected {FORMAT!r})")
    version = d.get("version")
    if type(version) is not int or version not in READS:
        raise SaveDataError(f"unsupported save version {short(version)} (this program reads 1 and 2)")
    try:
        cfg = d["config"]
        if not isinstance(cfg, dict):
            raise TypeError("must be an object")
        if version == 1:
            cfg = _renumbered(cfg)
        names = cfg.get("names")
        if isinstance(names, list) and any(isinstance(n, str) and len(n) > MAX_NAME_LENGTH for n in names):
            raise ValueError(f"names: a name has at most {MAX_NAME_LENGTH} characters")
        seed = cfg.get("seed")
        if (isinstance(seed, str) and len(seed) > MAX_TEXT_LENGTH) or \
                (type(seed) is int and not is_whole(seed, -MAX_SEED, MAX_SEED)):
            raise ValueError(f"seed: a whole number (at most {MAX_SEED} either way) or a text of at most "
                             f"{MAX_TEXT_LENGTH} characters")
        config = GameConfig.from_dict(cfg)
        if not isinstance(config.seed, (int, str)) or isinstance(config.seed, bool):
            raise TypeError("seed must be a number or a string")
    except KeyError as e:
        raise SaveDataError(f"config: missing {e.args[0]!r}") from None
    except (TypeError, ValueError) as e:
        raise SaveDataError(f"config: {e}") from None
    bots = d.get("bots")
    if bots is not None:
        if not (isinstance(bots, list) and all(isinstance(b, str) for b in bots) and len(bots) == config.players):
            raise SaveDataError(f"bots: expected a list of {config.players} names or null")
        from .bots import BOTS
        unknown = [b for b in bots if b not in BOTS and b != "human"]
        if unknown:
            raise SaveDataError(f"bots: unknown bot {short(unknown[0])} (known: {', '.join(BOTS)}, human)")
        bots = tuple(bots)
    raw = d.get("actions")
    if not isinstance(raw, list):
        raise SaveDataError("actions: missing or not a list")
    if len(raw) > MAX_SAVE_ACTIONS:
        raise SaveDataError(f"actions: {len(raw)} actions; a saved game has at most {MAX_SAVE_ACTIONS}")
    actions: list[Action] = []
    for i, a in enumerate(raw):
        try:
            actions.append(action_from_dict(a))
        except ValueError as e:
            raise SaveDataError(f"action {i + 1} of {len(raw)}: {e}") from None
    g = GameState(config)
    for i, a in enumerate(actions):
        try:
            g.apply(a)
        except RulesError as e:
            raise SaveDataError(f"action {i + 1} of {len(actions)}: {e}") from None
    want = d.get("state")
    if want is not None:
        got = state_fingerprint(g)
        if not isinstance(want, dict):
            raise SaveDataError("state: must be an object")
        diffs = [f"{k} {got[k]!r} (saved {short(want[k])})" for k in got if k in want and want[k] != got[k]]
        if diffs:
            raise SaveDataError("replay does not reach the saved state: " + ", ".join(diffs))
    return SavedGame(config, tuple(actions), bots), g


def _renumbered(cfg: dict[str, Any]) -> dict[str, Any]:
    """A version 1 ``config`` with its scoring tiles numbered as now."""
    from .scoring import from_old_number
    scoring = cfg.get("scoring")
    if isinstance(scoring, dict):
        return {**cfg, "scoring": {k: from_old_number(v) for k, v in scoring.items()}}
    if isinstance(scoring, list):
        return {**cfg, "scoring": [from_old_number(v) for v in scoring]}
    return cfg


def game_from_dict(d: Any) -> GameState:
    """The replayed state of a save dict (see :func:`saved_from_dict`)."""
    return saved_from_dict(d)[1]


def save_game(path: str | os.PathLike[str], g: GameState, bots: Sequence[str] | None = None) -> None:
    """Write ``g`` (config + actions + a fingerprint of the state) to ``path``.

    Written atomically; a path that cannot be written raises :class:`FileFormatError` (one line).
    """
    write_json(path, game_to_dict(g, bots))


def load_game(path: str | os.PathLike[str]) -> tuple[SavedGame, GameState]:
    """Read and replay a save file; every fault is one :class:`FileFormatError`."""
    d = read_json(path)
    try:
        return saved_from_dict(d)
    except SaveDataError as e:
        raise FileFormatError(path, str(e)) from None
