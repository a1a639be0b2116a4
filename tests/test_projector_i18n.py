"""The projector page in five languages, switchable mid-game (issue 18), headless.

Expectations are sentences written by hand in each language (not read from the catalogs): a
wrong or missing translation, a wrong plural form or a label left in English fails here. The
game numbers are those of the other projector tests: Isle of Skye game 3 (Class draws 43, 40
and 13; the planners price at once; Class builds tile 40 first), Hashi and Skylands game 3.

The pseudo-language test walks every widget of each page (descriptions, tooltips, HTML
values, option labels) and fails on any English word outside the pseudo-language's brackets:
a text nobody marked. Texts that are not the projector's (the boards' own labels, the engines'
texts) are listed in ALLOWED with the reason; each entry must still be needed, so the list
shrinks as the next session marks them.
"""

from __future__ import annotations

import re

import pytest

from skye_widgets import i18n
from skye_widgets.widgets.base import plain_text
from skye_widgets.widgets.projector import ProjectorTable

from i18n_walk import outside_brackets, page_texts

SEED = 3


@pytest.fixture(autouse=True)
def restore_language():
    yield
    i18n.set_language("en")


def skye_to_build(t: ProjectorTable) -> None:
    """Class discards 43, prices 40 and 13 at 1 gold, passes; the two bots buy (step by step)."""
    g = t.game.game
    drawn = list(g.displays[0])
    assert drawn == ["43", "40", "13"]
    assert t.game.set_prices(drawn[0], {tile: 1 for tile in drawn[1:]}), t.game.message
    assert t.game.pass_turn(), t.game.message
    assert t.controls.step() == 1 and t.controls.step() == 1


# Isle of Skye game 3, first decision: Class sets prices (the seat's name in the page's language).
PRICES = {
    "en": "Class: discard one of your three new tiles and put a price on each of the other two.",
    "pt": "Turma: descarte uma das suas três peças novas e coloque um preço em cada uma das outras duas.",
    "pl": "Klasa: odrzuć jeden z trzech nowych żetonów i ustal cenę każdego z dwóch pozostałych.",
    "fr": "Classe\u00a0: défaussez une de vos trois nouvelles tuiles et fixez un prix pour chacune des deux autres.",
    "es": "Clase: descarta una de tus tres losetas nuevas y pon precio a cada una de las otras dos.",
}
# The teacher's controls: undo, show hidden information, the game number.
CONTROLS = {
    "en": ("undo the last move", "show hidden information", "Game number 3."),
    "pt": ("desfazer a última jogada", "mostrar informação oculta", "Partida número 3."),
    "pl": ("cofnij ostatni ruch", "pokaż ukryte informacje", "Gra numer 3."),
    "fr": ("annuler le dernier coup", "montrer les informations cachées", "Partie numéro 3."),
    "es": ("deshacer la última jugada", "mostrar la información oculta", "Partida número 3."),
}
SPEEDS = {
    "en": ["step by step", "slow", "normal", "fast"],
    "pt": ["passo a passo", "lenta", "normal", "rápida"],
    "pl": ["krok po kroku", "wolno", "normalnie", "szybko"],
    "fr": ["pas à pas", "lente", "normale", "rapide"],
    "es": ["paso a paso", "lenta", "normal", "rápida"],
}
# The track's first line in round 1 while prices are set.
ROUND = {
    "en": "Round 1 of 6: everyone sets prices in secret.",
    "pt": "Rodada 1 de 6: todos colocam preços em segredo.",
    "pl": "Runda 1 z 6: wszyscy ustalają ceny w tajemnicy.",
    "fr": "Tour 1 sur 6\u00a0: chacun fixe ses prix en secret.",
    "es": "Ronda 1 de 6: todos fijan precios en secreto.",
}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_a_skye_table_speaks_its_language(code):
    t = ProjectorTable("skye", seed=SEED, speed="step", language=code)
    assert i18n.language() == code and t.controls.language_picker.value == code
    assert t.game.game.names[0] == PRICES[code].split(":")[0].rstrip("\u00a0")
    assert t.turn.value == PRICES[code].replace("\u00a0", "&nbsp;") or plain_text(t.turn.value) == PRICES[code]
    undo, hidden, number = CONTROLS[code]
    assert t.controls.undo_button.description == undo
    assert t.controls.hidden_button.description == hidden
    assert plain_text(t.controls.seed_html.value) == number
    assert [label for label, _ in t.controls.speed_buttons.options] == SPEEDS[code]
    assert ROUND[code] in plain_text(t.game.projector_parts().track.value)


def test_the_language_picker_names_each_language_in_itself():
    t = ProjectorTable("hashi", seed=SEED, speed="step", language="pl")
    assert t.controls.language_picker.options == (("English", "en"), ("Português", "pt"), ("Polski", "pl"),
                                                  ("Français", "fr"), ("Español", "es"))
    assert t.controls.language_picker.tooltip == "Język:"


def test_polish_counts_take_their_three_forms():
    # Hashi game 3 in Polish: 17 cards (many: "kart"); Skylands game 3: 74 tiles in the stack
    # (few, 74 ends in 4 and is not 14: "zakryte żetony"), 17 empty squares (many: "pustych pól").
    h = ProjectorTable("hashi", seed=SEED, speed="step", language="pl")
    assert h.turn.value == "Klasa: wpisz 3 albo 4 na wyspie bez flagi."
    assert plain_text(h.game.projector_parts().track.value) == (
        "Przygotowanie: każdy gracz wpisuje 3 albo 4. Potem odkrywa się kolejno 17 kart.")
    s = ProjectorTable("skylands", seed=SEED, speed="step", language="pl")
    track = plain_text(s.game.projector_parts().track.value)
    assert "Stos wysp: 74 zakryte żetony; Odkrywanie odsłania 4, gra kończy się, gdy to niemożliwe." in track
    assert "w tym 0 PZ w żetonach; 17 pustych pól kosztuje na koniec po 2 PZ, jeśli nadal będą puste." in \
        plain_text(s.game.projector_parts().summaries.value)
    # Isle of Skye: one tile to build is the singular ("żeton 40 ... zielone pole")
    t = ProjectorTable("skye", seed=SEED, speed="step", language="pl")
    skye_to_build(t)
    assert t.turn.value == "Klasa: dołóż żeton 40 do swojego terytorium, klikając zielone pole."


def test_skylands_in_spanish_uses_the_rulebook_words():
    s = ProjectorTable("skylands", seed=SEED, speed="step", language="es")
    assert s.turn.value == "Clase: elige una de las cuatro acciones (o repite la última con el marcador)."
    assert [b.description for b in s.game._pj_actions] == ["Descubrir islas", "Desplegar habitantes",
                                                           "Crear islas", "Convertir energía"]
    assert "Ronda 1: Clase es el jugador activo." in plain_text(s.game.projector_parts().track.value)


def test_switching_mid_game_keeps_the_game_and_changes_every_text():
    t = ProjectorTable("skye", seed=SEED, speed="step")
    g = t.game.game
    skye_to_build(t)
    history, log, seed = list(g.history), len(g.log), t.seed
    assert t.turn.value == "Class: place tile 40 on your territory by clicking a green spot."
    t.controls.language_picker.value = "pl"                    # the teacher's picker
    assert i18n.language() == "pl" and t.controls.message == "Strona jest teraz po polsku."
    assert g is t.game.game and list(g.history) == history and len(g.log) == log and t.seed == seed
    assert g.names == ("Class", "Bot 2", "Bot 3")              # the game's names stay as they were given
    assert t.turn.value == "Class: dołóż żeton 40 do swojego terytorium, klikając zielone pole."
    assert t.controls.undo_button.description == "cofnij ostatni ruch"
    assert t.controls.speed_buttons.value == "step"            # the speed is kept, its label translated
    assert [label for label, _ in t.controls.speed_buttons.options] == SPEEDS["pl"]
    track = plain_text(t.game.projector_parts().track.value)
    assert "Runda 1 z 6: budowanie." in track and "runda 2: B" in track
    summaries = plain_text(t.game.projector_parts().summaries.value)
    assert "graczmiejscezłoto" in summaries and "sztuk złota" in summaries
    # the game goes on in Polish: the teacher's undo speaks it
    t.controls.undo()
    assert list(g.history) == history[:-1]
    assert t.game.message == "Cofnięto ostatnią akcję gracza Bot 3. Boty są wstrzymane."
    assert t.turn.value == "Bot 3 (bot planista) gra następny: boty są wstrzymane."
    # and back to English through the Python API
    assert t.controls.set_language("en") == "en"
    assert t.controls.language_picker.value == "en"
    assert t.turn.value == "Bot 3 (planner bot) plays next: the bots are paused."
    assert t.controls.undo_button.description == "undo the last move"


@pytest.mark.parametrize("game", ["hashi", "skylands"])
def test_hashi_and_skylands_switch_mid_game(game):
    t = ProjectorTable(game, seed=SEED, speed="step", language="fr")
    state = t.game.game if game == "hashi" else t.game.state
    before = list(state.history)
    buttons = t.game._pj_done, t.game._pj_suggest
    assert [b.description for b in buttons] == ["Terminé", "Que ferait un bot\u00a0?"]
    t.controls.set_language("es")
    assert list(state.history) == before
    assert [b.description for b in buttons] == ["Hecho", "¿Qué haría un bot?"]
    assert t.turn.value.startswith("Classe")               # the names given when the game started
    assert t.controls.explain_button.description == "explicar la última jugada"


def test_an_unknown_language_changes_nothing():
    t = ProjectorTable("skye", seed=SEED, speed="step", language="pt")
    with pytest.raises(ValueError):
        t.controls.set_language("de")
    assert i18n.language() == "pt" and t.controls.undo_button.description == "desfazer a última jogada"
    with pytest.raises(ValueError):
        ProjectorTable("skye", seed=SEED, language="xx")
    assert i18n.language() == "pt"


# --------------------------------------------------------------------------
# The pseudo-language: nothing the page shows is left in English
# --------------------------------------------------------------------------

#: Texts on a projector page that are not the projector's, still English after issue 18's
#: projector part (regular expressions over what is left once the pseudo-language's bracketed
#: texts are taken out). Each is for a later session to mark; remove its line then.
ALLOWED = {
    # every language is named in itself in the picker, on purpose
    r"English|Português|Polski|Français|Español": "language names",
    # a Hashi board's own name, as printed on it (a place name, like a player's name)
    r"Skerries": "Hashi board name",
}


@pytest.mark.parametrize("game", ["skye", "hashi", "skylands"])
def test_every_text_of_the_page_is_translated_in_the_pseudo_language(game):
    t = ProjectorTable(game, seed=SEED, speed="step", language="qps")
    used: set[str] = set()
    english: list[str] = []
    # the page at the start, with everyone's hidden information, with the explanation, after bot moves
    for step in range(4):
        t.controls.show_hidden(step % 2 == 1)
        t.controls.explain(step >= 2)
        for text in page_texts(t):
            rest = outside_brackets(text)
            for pattern in ALLOWED:
                if re.search(pattern, rest):
                    used.add(pattern)
                    rest = re.sub(pattern, " ", rest)
            if re.search(r"[A-Za-z]{2,}", rest):
                english.append(text)
        t.controls.step()
    t.controls.undo()                                # the teacher's undo says what it took back
    if re.search(r"[A-Za-z]{2,}", outside_brackets(t.game.message)):
        english.append(t.game.message)
    assert not english, "\n".join(english)
    T_USED[game] = used


T_USED: dict[str, set[str]] = {}


def test_every_allowed_english_text_is_still_on_some_page():
    """Each ALLOWED entry is still needed on one of the three pages (run after them)."""
    if len(T_USED) < 3:
        pytest.skip("run with the three pseudo-language tests")
    used = set().union(*T_USED.values())
    assert [p for p in ALLOWED if p not in used] == []
