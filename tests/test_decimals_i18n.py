"""Decimal numbers in explanations are written as the reader's language writes them (issue 32, item 3:
the Spanish projector showed "18.7 PV"): a decimal comma in Portuguese, Polish, French and Spanish,
a point in English — from the engine's own numbers, in the bots' real explanations."""

from __future__ import annotations

import re

import pytest

import skye_widgets
from skye_widgets import hashi, i18n
from skye_widgets.protocol import render

from test_bot_explanations import play_explained

COMMA = ["pt", "pl", "fr", "es"]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    skye_widgets.set_language("en")


@pytest.mark.parametrize("language,expected", [("en", "18.7 and 3.0 and 0.67 and 4"), *[(c, "18,7 and 3,0 and 0,67 and 4") for c in COMMA]])
def test_render_writes_decimals_as_the_language_does(language, expected):
    with i18n.speaking(language):
        assert render("{a} and {b} and {c} and {d}", {"a": 18.7, "b": 3.0, "c": 2 / 3, "d": 4}) == expected


def hashi_estimates():
    """The planner's explanations that carry its estimates (decimal numbers), from a seeded game."""
    found = []
    for _g, _p, _a, e in play_explained(hashi, ["planner", "greedy"], 3):
        if any(r.key == "estimate" for r in e.all_reasons()):
            found.append(e)
        if len(found) >= 3:
            break
    assert found, "the planner gave no estimate in this game"
    return found


@pytest.mark.parametrize("language", COMMA)
def test_a_hashi_planner_estimate_has_a_decimal_comma(language):
    explanations = hashi_estimates()
    for e in explanations:
        values = next(r.values for r in e.all_reasons() if r.key == "estimate")
        with i18n.speaking(language):
            text = e.text
        assert not re.search(r"\d\.\d", text), text
        for v in (values["mine"], values["other"]):
            assert i18n.decimal(v, 1).replace(".", ",") in text or str(v).replace(".", ",") in text, (v, text)
    with i18n.speaking("en"):
        assert str(next(r.values for r in explanations[0].all_reasons() if r.key == "estimate")["mine"]) in explanations[0].text
