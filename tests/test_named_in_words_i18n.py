"""What used to reach a reader as an identifier, named in words in each language (issue 27, part 1):
bots' kinds, the learner's seat, a scroll in a breakdown, Skylands' special islands, colours, backs and
terrains, a Skye phase. The sentences are written by hand per language (the glossaries' words)."""

from __future__ import annotations

import pytest

from skye_widgets.i18n import language, set_language
from skye_widgets.protocol import bot_kind_name
from skye_widgets.skye.game import phase_name
from skye_widgets.skye.scoring import scroll_points
from skye_widgets.skye.territory import Territory, terrain_word
from skye_widgets.skye.tiles import Terrain
from skye_widgets.skylands.components import back_word, colour_count, colour_word, components
from skye_widgets.words import YOU, is_you, you


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


BOTS = {
    "en": ("random", "greedy", "planner", "strong"),
    "pt": ("aleatório", "guloso", "planejador", "forte"),
    "pl": ("losowy", "zachłanny", "planista", "silny"),
    "fr": ("aléatoire", "glouton", "planificateur", "fort"),
    "es": ("aleatorio", "codicioso", "planificador", "fuerte"),
}


@pytest.mark.parametrize("code", sorted(BOTS))
def test_bots_kinds_are_the_glossarys_words(code):
    set_language(code)
    assert tuple(bot_kind_name(k) for k in ("random", "greedy", "planner", "strong")) == BOTS[code]
    assert bot_kind_name("my-own-bot") == "my-own-bot"          # a bot of one's own keeps its name


YOU_NAMES = {"en": "You", "pt": "Você", "pl": "Ty", "fr": "Vous", "es": "Tú"}


@pytest.mark.parametrize("code", sorted(YOU_NAMES))
def test_the_learners_seat_is_named_in_the_language_and_still_spoken_to(code):
    set_language(code)
    assert you() == YOU_NAMES[code]
    assert is_you(you()) and is_you(YOU) and not is_you("Laura")


SPECIAL = {
    "en": "Moss Knoll (no effect, sand back): costs 1 green and 1 white; 1 VP",
    "pl": "Mszysty Pagórek (bez efektu, rewers: piasek): koszt 1 zielony i 1 biały; 1 PZ",
    "es": "Loma de Musgo (sin efecto, reverso arena): cuesta 1 verde y 1 blanco; 1 PV",
}


@pytest.mark.parametrize("code", sorted(SPECIAL))
def test_a_special_island_is_one_sentence_in_the_language(code):
    set_language(code)
    assert components().tile("S01").describe() == SPECIAL[code]


def test_skylands_words_follow_the_glossaries():
    set_language("pl")
    assert [back_word(b) for b in ("sand", "sky", "dusk", "night")] == ["piasek", "niebo", "zmierzch", "noc"]
    assert [colour_count("green", n) for n in (1, 2, 5, 22)] == ["1 zielony", "2 zielone", "5 zielonych",
                                                                "22 zielone"]
    assert colour_word("purple") == "fioletowy"
    set_language("es")
    assert [back_word(b) for b in ("sand", "sky", "dusk", "night")] == ["arena", "cielo", "atardecer", "noche"]
    assert colour_word("purple") == "morado"


def test_a_skye_phase_and_a_terrain_in_words():
    set_language("pl")
    assert phase_name("build") == "Budowanie"
    assert terrain_word(Terrain.PASTURE) == "pastwisko"
    set_language("fr")
    assert phase_name("build") == "Construire" and terrain_word(Terrain.WATER) == "eau"


def test_a_scroll_is_named_by_what_it_scores_never_its_identifier():
    t = Territory("castle-blue")
    t.place("17", *t.legal_placements("17")[0])      # tile 17: a scroll, 1 VP for each farm
    for code in ("en", "pl", "fr"):
        set_language(code)
        reasons = " ".join(str(i.reason) for i in scroll_points(t).breakdown)
        assert "per_farm" not in reasons and "per_" not in reasons, reasons
    set_language("pl")
    assert "zwój (1 PZ za każdą farmę)" in " ".join(str(i.reason) for i in scroll_points(t).breakdown)
