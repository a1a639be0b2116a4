"""Hashi's engine texts in each language (issue 18): bots' explanations, descriptions, cards,
score lines, picture texts — hand-written expected sentences per language, a switch of language
after an explanation was made, Polish counts, and a pseudo-language walk over a seeded game that
fails on any English word left (a text nobody marked)."""

from __future__ import annotations

import pytest

from skye_widgets.drawing import Text
from skye_widgets.hashi import Card, HashiGame, rank_title
from skye_widgets.hashi.puzzle import HashiPuzzle, validate
from skye_widgets.hashi.bots import make_bot
from skye_widgets.hashi.describe import TEXT, describe_game, describe_puzzle
from skye_widgets.hashi.explain import explain_random
from skye_widgets.hashi.game import EndTurn
from skye_widgets.errors import FileFormatError
from skye_widgets.hashi.board import Board, load_board, make_line
from skye_widgets.hashi.generator import generate_graded
from skye_widgets.hashi.render import render_game, score_line, winners_text
from skye_widgets.hashi.solver import next_step
from skye_widgets.i18n import language, set_language
from skye_widgets.protocol import play_explained

from i18n_walk import english_words


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


def played_game() -> tuple[HashiGame, list]:
    """Ana (planner) and Bob (greedy), seed 3, played to the end; every explanation kept."""
    g, decisions = play_explained(HashiGame.new, [make_bot("planner", 1), make_bot("greedy", 2)],
                                  seed=3, names=["Ana", "Bob"])
    return g, [d.explanation for d in decisions]


# Seed 3: Ana's first move, the setup, explained (island (5, 4) has 4 neighbours).
SETUP = {
    "en": "I wrote the setup 4 on island (5, 4), which has 4 neighbouring islands.",
    "pt": "Escrevi o 4 da preparação na ilha (5, 4), que tem 4 ilhas vizinhas.",
    "pl": "Wpisałem 4 z przygotowania na wyspie (5, 4), która ma 4 sąsiednie wyspy.",
    "fr": "J’ai écrit le 4 de la mise en place sur l’île (5, 4), qui a 4 îles voisines.",
    "es": "Escribí el 4 de la preparación en la isla (5, 4), que tiene 4 islas vecinas.",
}
# A 3 x 1 puzzle with two 1s, no bridge drawn.
PUZZLE = {
    "en": "A 3 × 1 Hashi puzzle with 2 islands, 0 of them finished. Islands: 1 at (0, 0) and 1 at (2, 0). "
          "No bridges yet.",
    "pt": "Um enigma Hashi de 3 × 1 com 2 ilhas, 0 delas completas. Ilhas: 1 em (0, 0) e 1 em (2, 0). "
          "Ainda sem pontes.",
    "pl": "Łamigłówka Hashi 3 × 1 z 2 wyspami, ukończone: 0. Wyspy: 1 na polu (0, 0) i 1 na polu (2, 0). "
          "Jeszcze nie ma mostów.",
    "fr": "Un casse-tête Hashi de 3 × 1 avec 2 îles (terminées\u00a0: 0). Îles\u00a0: 1 en (0, 0) et 1 en (2, 0). "
          "Pas encore de pont.",
    "es": "Un rompecabezas Hashi de 3 × 1 con 2 islas, 0 de ellas terminadas. Islas: 1 en (0, 0) y 1 en (2, 0). "
          "Todavía no hay puentes.",
}
# Ana's score sheet at the end of game 3: blue flags after card 12, six linked after card 14, 14 finished;
# each part says its points, so no part reads as the total.
SCORE_LINE = {
    "en": ("Ana: 43 points", "blue flags: 7 points (card 12), six linked: 8 points (card 14), "
                             "14 finished islands: 28 points"),
    "pt": ("Ana: 43 pontos", "bandeiras azuis: 7 pontos (carta 12), seis ligadas: 8 pontos (carta 14), "
                             "14 ilhas completas: 28 pontos"),
    "pl": ("Ana: 43 punkty", "niebieskie flagi: 7 punktów (karta 12), sześć połączonych: 8 punktów (karta 14), "
                             "14 ukończonych wysp: 28 punktów"),
    "fr": ("Ana\u00a0: 43 points", "drapeaux bleus\u00a0: 7 points (carte 12), six reliées\u00a0: 8 points (carte 14), "
                                   "14 îles terminées\u00a0: 28 points"),
    "es": ("Ana: 43 puntos", "banderas azules: 7 puntos (carta 12), seis conectadas: 8 puntos (carta 14), "
                             "14 islas terminadas: 28 puntos"),
}
WINNER = {"en": "Ana wins with 43", "pt": "Ana vence com 43", "pl": "Ana wygrywa, mając 43",
          "fr": "Ana gagne avec 43", "es": "Ana gana con 43"}
# The random bot's one-liner with a single legal move, and with 5.
RANDOM = {
    "en": ("I chose at random: it was my only legal move.", "I chose at random among 5 legal moves."),
    "pt": ("Escolhi ao acaso: era a minha única jogada permitida.", "Escolhi ao acaso entre 5 jogadas permitidas."),
    "pl": ("Wybrałem losowo: to był mój jedyny dozwolony ruch.", "Wybrałem losowo spośród 5 dozwolonych ruchów."),
    "fr": ("J’ai choisi au hasard\u00a0: c’était mon seul coup légal.",
           "J’ai choisi au hasard parmi 5 coups légaux."),
    "es": ("Elegí al azar: era mi única jugada legal.", "Elegí al azar entre 5 jugadas legales."),
}
# A card, the worst solo rank (the Portuguese rulebook's "Lacaios").
CARD_RANK = {"en": ("5 / 2 bridges", "Errand Runner"), "pt": ("5 / 2 pontes", "Lacaios"),
             "pl": ("5 / 2 mosty", "Posłaniec"), "fr": ("5 / 2 ponts", "Coursier"),
             "es": ("5 / 2 puentes", "Recadero")}


@pytest.fixture(scope="module")
def game():
    set_language("en")
    return played_game()


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_hashi_texts_in_each_language(code, game):
    g, explanations = game
    set_language(code)
    assert explanations[0].text == SETUP[code]          # made in English, shown in the language spoken now
    assert describe_puzzle(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})) == PUZZLE[code]
    assert score_line(g, 0) == SCORE_LINE[code]
    assert winners_text(g) == WINNER[code]
    assert (explain_random(EndTurn(), 1).text, explain_random(EndTurn(), 5).text) == RANDOM[code]
    assert (str(Card(5, 2)), rank_title(40)) == CARD_RANK[code]


def test_an_explanation_follows_a_later_language_switch(game):
    _g, explanations = game
    e = next(e for e in explanations if any(r.key == "category" for r in e.reasons))
    set_language("pt")
    assert "Completa a categoria «as 3 ilhas de bandeira azul completas», que vale 7 PV." in e.text
    assert e.to_dict()["text"] == e.text
    set_language("en")
    assert "It completes the category “all 3 blue-flag islands finished”, worth 7 VP." in e.text


def test_polish_counts_take_three_forms():
    set_language("pl")
    score = [TEXT["score"].format(name="Ana", count=n) for n in (1, 2, 5, 12, 22)]
    assert score == ["Ana ma na razie 1 punkt.", "Ana ma na razie 2 punkty.", "Ana ma na razie 5 punktów.",
                     "Ana ma na razie 12 punktów.", "Ana ma na razie 22 punkty."]
    assert [str(Card(1, n)) for n in (1, 2, 3)] == ["1 / 1 most", "1 / 2 mosty", "1 / 3 mosty"]


def game_texts(g: HashiGame, explanations: list) -> list[str]:
    """Everything the engine says about a game: explanations, descriptions, score lines and
    breakdowns, winners, cards, ranks, and the texts and titles of its pictures."""
    texts = [e.text for e in explanations]
    for p in range(g.n_players):
        texts += [describe_game(g, p), *score_line(g, p), *(i.reason for i in g.score(p).breakdown)]
        d = render_game(g, p)
        texts += [d.title, *(s.text for s in d.shapes if isinstance(s, Text))]
    texts += [winners_text(g), *(str(c) for c in g.deck), *(rank_title(t) for t in range(40, 61))]
    texts.append(describe_puzzle(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1})))
    return texts


def test_pseudo_language_leaves_no_english_word(game):
    g, explanations = game
    set_language("qps")
    # mid-game pictures too (the card line, the setup line): replay the first moves of the same game
    early = HashiGame.new(["Ana", "Bob"], seed=3)
    setup_picture = render_game(early, 0)
    for action in g.history[:6]:
        early.apply(action)
    play_picture = render_game(early, 0)
    texts = game_texts(g, explanations)
    texts += [t.text for d in (setup_picture, play_picture) for t in d.shapes if isinstance(t, Text)]
    # allowed: the players' and the board's own names, and the card labels ("5·2": digits only)
    left = english_words(texts, {r"\b(?:Ana|Bob|Skerries)\b": "names"})
    assert left == []


# The first hint on a 3 x 3 puzzle: a 2 in the corner whose only neighbour is a 4.
HINT = {
    "en": "The 2 at (x 0, y 0) can get at most 2 bridges from its neighbours, exactly its number, so it takes all "
          "of them: double bridge east.",
    "pt": "O 2 em (x 0, y 0) pode receber no máximo 2 pontes dos vizinhos, exatamente o seu número, por isso fica "
          "com todas: ponte dupla a este.",
    "pl": "Wyspa 2 na polu (x 0, y 0) może dostać od sąsiadów najwyżej 2 mosty, dokładnie swoją liczbę, więc bierze "
          "wszystkie: podwójny most na wschód.",
    "fr": "Le 2 en (x 0, y 0) peut recevoir au plus 2 ponts de ses voisins, exactement son nombre, donc il les prend "
          "tous\u00a0: un pont double à l’est.",
    "es": "El 2 en (x 0, y 0) puede recibir como mucho 2 puentes de sus vecinos, exactamente su número, así que se "
          "los queda todos: un puente doble al este.",
}


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_a_hint_in_each_language(code):
    set_language(code)
    assert str(next_step(HashiPuzzle(3, 3, {(0, 0): 2, (2, 0): 4, (2, 2): 2}))) == HINT[code]


def test_hints_of_a_whole_solve_leave_no_english_word_in_the_pseudo_language():
    """Follow the hints of generated puzzles to the end (and one wrong bridge): every text and reason."""
    set_language("qps")
    texts = []
    wrong = next_step(HashiPuzzle(3, 1, {(0, 0): 1, (2, 0): 1}), {((0, 0), (2, 0)): 2})
    texts.append(str(wrong))
    for seed in range(4):
        puzzle = generate_graded(seed, 3).puzzle
        drawn: dict = {}
        for _step in range(200):
            h = next_step(puzzle, drawn)
            texts.append(str(h))
            if h.rule in ("solved", "stuck"):
                break
            for a, b, k in h.bridges:
                drawn[make_line(a, b)] = max(drawn.get(make_line(a, b), 0), k)
        assert h.rule == "solved"
    assert english_words(texts) == []


# What is wrong with one bridge on four 1s in the corners of a 3 x 3 grid.
PROBLEMS = {
    "en": ["the 1 at (x 0, y 2) has 0 bridges", "the 1 at (x 2, y 2) has 0 bridges",
           "not connected: 2 of 4 islands cannot be reached from (x 0, y 0)"],
    "pt": ["o 1 em (x 0, y 2) tem 0 pontes", "o 1 em (x 2, y 2) tem 0 pontes",
           "não ligado: ilhas inalcançáveis a partir de (x 0, y 0): 2 de 4"],
    "pl": ["wyspa 1 na polu (x 0, y 2) ma 0 mostów", "wyspa 1 na polu (x 2, y 2) ma 0 mostów",
           "brak połączenia: wyspy nieosiągalne z (x 0, y 0): 2 z 4"],
    "fr": ["le 1 en (x 0, y 2) a 0 pont", "le 1 en (x 2, y 2) a 0 pont",
           "non relié\u00a0: îles hors d’atteinte depuis (x 0, y 0)\u00a0: 2 sur 4"],
    "es": ["el 1 en (x 0, y 2) tiene 0 puentes", "el 1 en (x 2, y 2) tiene 0 puentes",
           "no conectado: islas inalcanzables desde (x 0, y 0): 2 de 4"],
}


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es", "qps"])
def test_a_checked_puzzles_problems_in_each_language(code):
    set_language(code)
    corners = HashiPuzzle(3, 3, {(0, 0): 1, (2, 0): 1, (0, 2): 1, (2, 2): 1})
    problems = validate(corners, [(0, 0, 2, 0, 1)])
    more = validate(corners, [(0, 0, 2, 0, 3), (0, 0, 0, 2, 1), (2, 0, 2, 2, 1), (0, 0, 2, 2, 1)])
    if code == "qps":
        assert english_words([*problems, *more]) == []
    else:
        assert problems == PROBLEMS[code]


# A board file with an island below the grid: the file's one line.
BOARD_FAULT = {
    "en": "board.json: island (0, 7) is outside the 8x7 grid (x 0-7, y 0-6)",
    "pt": "board.json: a ilha (0, 7) está fora da grelha de 8x7 (x 0-7, y 0-6)",
    "pl": "board.json: wyspa (0, 7) leży poza siatką 8x7 (x 0-7, y 0-6)",
    "fr": "board.json: l’île (0, 7) est hors de la grille de 8x7 (x 0-7, y 0-6)",
    "es": "board.json: la isla (0, 7) está fuera de la cuadrícula de 8x7 (x 0-7, y 0-6)",
}


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_a_board_files_fault_in_each_language(code):
    data = load_board("skerries-a").to_dict()
    data["islands"][0]["at"] = [0, 7]
    set_language(code)
    with pytest.raises(FileFormatError) as e:
        Board.from_dict(data, "board.json")
    assert str(e.value) == BOARD_FAULT[code]


# The trial hint of docs/hashi.md (our expert puzzle of seed 17, after its simpler steps).
TRIAL = {
    "en": "Suppose the 2 at (x 0, y 2) and the 4 at (x 0, y 4) had no bridge. This 4 at (x 0, y 4) needs double "
          "bridges in both directions: its neighbours can take only 4 in all. Then 11 islands around the 3 at "
          "(x 0, y 0) could no longer reach the others. So the 2 at (x 0, y 2) and the 4 at (x 0, y 4) need at "
          "least 1 bridge.",
    "pt": "Suponha que o 2 em (x 0, y 2) e o 4 em (x 0, y 4) não estavam ligados por nenhuma ponte. Este 4 em "
          "(x 0, y 4) precisa de pontes duplas nas duas direções: os vizinhos só podem receber 4 ao todo. Então 11 "
          "ilhas à volta do 3 em (x 0, y 0) já não conseguiriam chegar às outras. Logo, o 2 em (x 0, y 2) e o 4 em "
          "(x 0, y 4) precisam de pelo menos 1 ponte.",
    "pl": "Załóżmy, że wyspy 2 na polu (x 0, y 2) i 4 na polu (x 0, y 4) nie łączy żaden most. Wyspa 4 na polu "
          "(x 0, y 4) potrzebuje podwójnych mostów w obu kierunkach: jej sąsiedzi przyjmą łącznie tylko 4. Wtedy 11 "
          "wysp wokół wyspy 3 na polu (x 0, y 0) nie mogłoby już dotrzeć do pozostałych. Zatem wyspy 2 na polu "
          "(x 0, y 2) i 4 na polu (x 0, y 4) potrzebują co najmniej 1 mostu.",
    "fr": "Supposons que le 2 en (x 0, y 2) et le 4 en (x 0, y 4) n’aient aucun pont. Ce 4 en (x 0, y 4) a besoin de "
          "ponts doubles dans les deux directions\u00a0: ses voisins ne peuvent en prendre que 4 en tout. Alors 11 "
          "îles autour du 3 en (x 0, y 0) ne pourraient plus rejoindre les autres. Donc le 2 en (x 0, y 2) et le 4 "
          "en (x 0, y 4) ont besoin d’au moins 1 pont.",
    "es": "Supongamos que el 2 en (x 0, y 2) y el 4 en (x 0, y 4) no tuvieran ningún puente. Este 4 en (x 0, y 4) "
          "necesita puentes dobles en las dos direcciones: sus vecinos solo pueden recibir 4 en total. Entonces 11 "
          "islas alrededor del 3 en (x 0, y 0) ya no podrían llegar a las demás. Así que el 2 en (x 0, y 2) y el 4 "
          "en (x 0, y 4) necesitan al menos 1 puente.",
}


def _trial_position():
    from tests.hashi.test_ladder import EXPERT, ours_set
    from skye_widgets.hashi.puzzle import PuzzleState
    from skye_widgets.hashi.solver import hint
    p = [p for level, p in ours_set() if level == EXPERT][17]
    s = PuzzleState(p)
    while True:
        h = hint(s)
        if h.technique == "trial":
            return p, dict(s.bridges)
        for a, b, k in h.bridges:
            while s.count(a, b) < k:
                s.add_bridge(a, b)


@pytest.mark.parametrize("code", ["en", "pt", "pl", "fr", "es"])
def test_a_trial_hint_in_each_language(code):
    p, drawn = _trial_position()
    set_language(code)
    h = next_step(p, drawn)
    assert h.technique == "trial" and h.text == TRIAL[code]
    assert h.text == " ".join(step.text for step in h.chain)     # the steps the board shows one by one


def test_the_trial_hints_of_expert_walks_leave_no_english_word_in_the_pseudo_language():
    from tests.hashi.test_ladder import EXPERT, ours_set
    set_language("qps")
    texts = []
    for p in [p for level, p in ours_set() if level == EXPERT][:6]:
        drawn: dict = {}
        for _step in range(300):
            h = next_step(p, drawn)
            texts += [str(h), *(step.text for step in h.chain)]
            if h.rule in ("solved", "stuck"):
                break
            for a, b, k in h.bridges:
                drawn[make_line(a, b)] = max(drawn.get(make_line(a, b), 0), k)
        assert h.rule == "solved"
    assert any("[" in t for t in texts) and english_words(texts) == []
