"""Skylands' engine texts in each language (issue 18): log lines, the end, descriptions, score
breakdowns, bots' explanations (shown in the language spoken when shown), Polish counts — written by
hand per language — and a pseudo-language walk over a seeded game that fails on any English word
left (a text nobody marked)."""

from __future__ import annotations

import pytest

from skye_widgets.drawing import Text
from skye_widgets.errors import FileFormatError
from skye_widgets.i18n import language, set_language
from skye_widgets.protocol import play_explained
from skye_widgets.skylands.bots import make_bot
from skye_widgets.skylands.describe import describe_game
from skye_widgets.skylands.game import PEOPLE, GameState
from skye_widgets.skylands.render import render_game, render_score
from skye_widgets.skylands.words import board_of, counted

from i18n_walk import english_words


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


def played(code: str) -> tuple[GameState, list]:
    """Laura (greedy) and Félix (random) — the Spanish rulebook's players — seed 4, played to the end
    in language ``code`` (the log is written in the language spoken when it happens)."""
    set_language(code)
    g, decisions = play_explained(GameState, [make_bot("greedy", 1), make_bot("random", 2)],
                                  seed=4, names=["Laura", "Félix"])
    return g, [d.explanation for d in decisions]


# Seed 4: Félix starts with Discover islands and, active, takes the bonus tile; then he cannot create.
LOG = {
    "en": ("Félix takes a revealed island to (1, 0) (bonus)", "Félix cannot create islands and passes"),
    "pt": ("Félix leva uma ilha revelada para (1, 0) (bônus)", "Félix não pode criar ilhas e passa"),
    "pl": ("Félix bierze odkrytą wyspę i kładzie ją na polu (1, 0) (premia)", "Félix nie może stworzyć wysp i pasuje"),
    "fr": ("Félix prend une île révélée et la pose en (1, 0) (bonus)", "Félix ne peut pas créer d’îles et passe"),
    "es": ("Félix coloca una isla revelada en (1, 0) (bonificación)", "Félix no puede crear islas y pasa"),
}
END = {"en": "the VP supply is exhausted", "pt": "a reserva de PV se esgotou", "pl": "zasoby PZ się wyczerpały",
       "fr": "la réserve de PV est épuisée", "es": "el suministro de PV se ha agotado"}
# Laura's board at the end: its first sentence, and two lines of its score breakdown.
BOARD = {
    "en": "Laura's board: 5 by 4 squares, 18 tiles placed, 2 empty.",
    "pt": "Tabuleiro de Laura: 5 por 4 casas, 18 peças colocadas, 2 vazias.",
    "pl": "Plansza gracza Laura, 5 × 4; położone: 18 żetonów, puste pola: 2.",
    "fr": "Plateau\u00a0: Laura, 5 sur 4 cases, 18 tuiles en place, cases vides\u00a0: 2.",
    "es": "Tablero de Laura: 5 por 4 casillas; colocadas: 18 fichas; casillas vacías: 2.",
}
BREAKDOWN = {
    "en": ("15 inhabitants on the board: 1 per 2", "complete forest island at (0, 0): 1 space, 1 VP"),
    "pt": ("15 habitantes no tabuleiro: 1 a cada 2", "ilha de floresta completa em (0, 0): 1 espaço, 1 PV"),
    "pl": ("15 mieszkańców na planszy: 1 za każde 2", "ukończona wyspa (las) na polu (0, 0): 1 miejsce, 1 PZ"),
    "fr": ("15 habitants sur le plateau\u00a0: 1 pour 2",
           "île de type forêt complète en (0, 0)\u00a0: 1 emplacement, 1 PV"),
    "es": ("15 habitantes en el tablero: 1 por cada 2", "isla de bosque completa en (0, 0): 1 espacio, 1 PV"),
}
# Laura's first decision (greedy): Discover islands, with the hidden tiles' estimate.
CHOSE = {
    "en": "I chose the action Discover islands: its tiles are hidden, and I expect about 4.8 VP from it.",
    "pt": "Escolhi a ação Descobrir ilhas: as peças estão ocultas, e espero cerca de 4,8 PV dela.",
    "pl": "Wybrałem akcję Odkrywanie wysp: jej żetony są zakryte, a spodziewam się po niej około 4,8 PZ.",
    "fr": "J’ai choisi l’action Découvrir des îles\u00a0: ses tuiles sont cachées, et j’en attends environ 4,8 PV.",
    "es": "Elegí la acción Descubrir islas: sus fichas están ocultas, y espero de ella unos 4,8 PV.",
}


@pytest.fixture(scope="module")
def english_game():
    return played("en")


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_skylands_texts_in_each_language(code, english_game):
    g, _explanations = played(code)
    assert (g.log[3], g.log[9]) == LOG[code]
    assert g.end_reason == END[code]
    assert describe_game(g, 0).split(". ")[0] + "." == BOARD[code]
    reasons = [i.reason for i in g.scores()[0].breakdown]
    assert reasons[1] == BREAKDOWN[code][0] and BREAKDOWN[code][1] in reasons
    # an explanation made in English reads in the language spoken when it is shown
    _g, explanations = english_game
    set_language(code)
    assert explanations[4].sentences()[0] == CHOSE[code]


def test_special_islands_are_named_in_the_language_spoken_now():
    set_language("es")
    specials = {sp.id: sp for sp in GameState(["Laura", "Félix"], seed=4).comp.specials}
    assert (specials["S03"].name, specials["S03"].title) == ("Windfall Rock", "Roca del Viento")
    set_language("pl")
    assert specials["S30"].title == "Przystań Sterowców"


def test_the_same_seed_plays_the_same_game_in_every_language(english_game):
    g_en, _ = english_game
    g_pl, _ = played("pl")
    assert g_pl.to_dict() == g_en.to_dict()           # the language changes words, never the game


def test_polish_counts_take_three_forms():
    set_language("pl")
    assert [PEOPLE.format(n=n) for n in (1, 2, 5, 22)] == ["1 mieszkaniec", "2 mieszkańcy", "5 mieszkańców",
                                                          "22 mieszkańcy"]
    # words.counted is ngettext: the same three forms from the English pair
    assert [counted(n, "{n} inhabitant", "{n} inhabitants") for n in (1, 3, 12)] == [
        "1 mieszkaniec", "3 mieszkańcy", "12 mieszkańców"]
    assert (board_of("You"), board_of("Laura")) == ("Twoja plansza", "Plansza gracza Laura")


def test_pseudo_language_leaves_no_english_word():
    g, explanations = played("qps")
    texts = [*g.log, *g.summary().splitlines(), g.end_reason, *(e.text for e in explanations)]
    mid = GameState(["Laura", "Félix"], seed=4)            # a picture during the game too
    pictures = [render_game(mid), render_game(g, viewer=0), render_game(g, viewer=1),
                render_score(g.scores()[0])]
    for p in range(g.n):
        texts += [describe_game(g, p), *(i.reason for i in g.scores()[p].breakdown)]
    texts += [d.title for d in pictures] + [s.text for d in pictures for s in d.shapes if isinstance(s, Text)]
    texts += [sp.effect.describe() for sp in g.comp.specials if sp.effect is not None]
    texts += [sp.title for sp in g.comp.specials]
    # allowed: the players' names and the game's own name (the same in every language, see the glossaries)
    left = english_words(texts, {r"\b(?:Laura|Félix|Skylands)\b": "names"})
    assert left == []


# A saved game whose first action is not one: the file's one line, in each language.
BAD_ACTIONS = {
    "en": ("game.json: action 1: unknown field 'extra'", "game.json: action 1: an action is a JSON object, not 3"),
    "pt": ("game.json: ação 1: campo desconhecido 'extra'", "game.json: ação 1: uma ação é um objeto JSON, não 3"),
    "pl": ("game.json: akcja 1: nieznane pole 'extra'", "game.json: akcja 1: akcja jest obiektem JSON, a nie 3"),
    "fr": ("game.json: action 1\u00a0: champ inconnu 'extra'",
           "game.json: action 1\u00a0: une action est un objet JSON, pas 3"),
    "es": ("game.json: acción 1: campo desconocido 'extra'", "game.json: acción 1: una acción es un objeto JSON, no 3"),
}


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_a_saved_games_bad_action_in_each_language(code):
    data = GameState(["Laura", "Félix"], seed=4).to_dict()
    set_language(code)
    lines = []
    for action in ({"type": "pass", "extra": 1}, 3):
        with pytest.raises(FileFormatError) as e:
            GameState.from_dict({**data, "actions": [action]}, "game.json")
        lines.append(str(e.value))
    assert tuple(lines) == BAD_ACTIONS[code]
