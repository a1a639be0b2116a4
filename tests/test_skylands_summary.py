"""The Skylands projector's player summaries (issue 32, item 8): a class reads the score so far, and
the empty squares as what they are, a cost at the end, never "-32 VP" before anyone has played."""

from __future__ import annotations

import re

from skye_widgets.skylands.board import EMPTY_SQUARE_COST, score_board
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.skylands import projector_game


def _summaries(widget) -> list[str]:
    html = widget._summaries_html()
    return [plain_text(d) for d in re.findall(r'<div class="skylands-projector-detail">(.*?)</div>', html)]


def test_the_first_turns_summaries_say_no_negative_score():
    w = projector_game(seed=3, bot_delay=None)
    g = w.state
    for p, line in enumerate(_summaries(w)):
        empty = len(g.boards[p].empty_squares())
        assert empty > 0
        # the engine's own breakdown, less its empty squares' line
        result = score_board(g.boards[p], vp_markers=g.vp[p], overflow=g.overflow[p],
                             marker_active=g.marker_active[p])
        so_far = sum(i.points for i in result.breakdown if i.points > 0)
        assert so_far >= 0 and result.points == so_far - EMPTY_SQUARE_COST * empty
        assert line.startswith(f"{so_far} VP so far, {g.vp[p] + g.overflow[p]} of them in markers; "
                               f"{empty} empty squares cost 2 VP each at the end if still empty."), line
        assert "-" not in line and "ended now" not in line


def test_one_empty_square_is_told_in_the_singular():
    w = projector_game(seed=3, bot_delay=None)
    board = w.state.boards[0]
    board_empty = board.empty_squares
    try:
        board.empty_squares = lambda: board_empty()[:1]   # what the summary reads: one square left
        line = _summaries(w)[0]
    finally:
        del board.empty_squares
    assert "; 1 empty square costs 2 VP at the end if it is still empty." in line, line
