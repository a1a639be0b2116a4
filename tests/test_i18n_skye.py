"""Isle of Skye's engine texts in five languages (issue 18): score breakdowns, the scoring
tiles' names and rules, puzzle objective lines, a game's VP labels.

Each language: hand-written sentences (not copied from the catalogs) for a hand-built
territory; a breakdown computed in one language and shown after ``set_language`` is in the
new one; ``qps``: a seeded game's and a puzzle's breakdowns show no English word.
"""

from __future__ import annotations

import pytest

from skye_widgets import i18n
from skye_widgets.skye import play_game, scoring
from skye_widgets.skye.bots import make_bot
from skye_widgets.skye.puzzles import Objective, describe_objective, evaluate
from skye_widgets.skye.scoring_tiles import SCORING_TILES
from skye_widgets.skye.territory import Territory

from i18n_walk import english_words


@pytest.fixture(autouse=True)
def restore_language():
    yield
    i18n.set_language("en")


def territory() -> Territory:
    """The blue castle and tile 53 (a whisky tile) south of it, joined by the castle's road."""
    t = Territory("castle-blue")
    t.place(53, 0, 1, 0)
    return t


# (language, label of scoring tile 10, the road line of tile 13, the castle's income line,
#  the catch-up line for 2 players ahead in round 4, final gold line for 12 gold)
EXPECTED = [
    ("en", "10 (Gold majority)", "tile 53 at (0, 1) connected by road", "castle",
     "2 players ahead x 2 gold (round 4)", "12 gold // 5"),
    ("pt", "10 (Maioria de ouro)", "peça 53 em (0, 1), ligada ao castelo por estrada", "castelo",
     "2 jogadores à frente x 2 moedas (rodada 4)", "12 moedas // 5"),
    ("pl", "10 (Najwięcej złota)", "żeton 53 na polu (0, 1), połączony drogą z zamkiem", "zamek",
     "2 gracze z przodu x 2 sztuki złota (runda 4)", "12 złotych monet // 5"),
    ("fr", "10 (Majorité d’or)", "tuile 53 en (0, 1), reliée au château par la route", "château",
     "2 joueurs devant x 2 pièces d’or (tour 4)", "12 pièces d’or // 5"),
    ("es", "10 (Mayoría de oro)", "loseta 53 en (0, 1), conectada al castillo por un camino", "castillo",
     "2 jugadores por delante x 2 monedas de oro (ronda 4)", "12 monedas de oro // 5"),
]


@pytest.mark.parametrize("lang,label,road,castle,ahead,gold", EXPECTED, ids=[e[0] for e in EXPECTED])
def test_breakdown_in_each_language(lang, label, road, castle, ahead, gold):
    t = territory()
    i18n.set_language(lang)
    assert scoring.tile_label(10) == label
    assert [i.reason for i in scoring.score_tile(13, [t], [0])[0].breakdown] == [road]
    inc = scoring.income(t, round_no=4, players_ahead=2)
    assert (inc.points, inc.breakdown[0].reason, inc.breakdown[-1].reason) == (10, castle, ahead)
    assert scoring.gold_points(12).breakdown[0].reason == gold


def test_polish_counts_take_three_forms():
    i18n.set_language("pl")
    assert [scoring.income(territory(), round_no=4, players_ahead=n, n_players=5).breakdown[-1].reason
            for n in (1, 2, 4)] == ["1 gracz z przodu x 2 sztuki złota (runda 4)", "2 gracze z przodu x 2 sztuki złota (runda 4)",
                                    "4 gracze z przodu x 2 sztuki złota (runda 4)"]
    assert scoring.gold_points(25).breakdown[0].reason == "25 złotych monet // 5"
    assert scoring.gold_points(22).breakdown[0].reason == "22 złote monety // 5"


def test_scoring_tile_names_follow_the_glossaries():
    names = {}
    for lang in ("pt", "pl", "fr", "es"):
        i18n.set_language(lang)
        names[lang] = (SCORING_TILES[1].name, SCORING_TILES[9].name, SCORING_TILES[15].name)
    assert names == {
        "pt": ("Quadrados", "Animais nas fazendas", "Maior área de água completa"),
        "pl": ("Kwadraty", "Zwierzęta przy farmach", "Największy zamknięty obszar wodny"),
        "fr": ("Carrés", "Animaux près des fermes", "Plus grande zone d’eau complétée"),
        "es": ("Cuadrados", "Animales junto a granjas", "Mayor área de agua completada"),
    }
    i18n.set_language("fr")     # the non-breaking space before ";" inside the sentence
    assert SCORING_TILES[1].description == "2 PV par carré de 4 tuiles\u00a0; une tuile peut faire partie de plusieurs carrés."


def test_a_breakdown_computed_before_a_language_switch_is_shown_in_the_new_language():
    t = territory()
    res = scoring.score_tile(13, [t], [0])[0] + scoring.income(t)
    before = res.explain()
    i18n.set_language("pl")
    assert res.explain() == ("+1  żeton 53 na polu (0, 1), połączony drogą z zamkiem\n+5  zamek\n"
                             "+1  whisky na żetonie 53 na polu (0, 1), z drogą do zamku\n= 1 + 5 + 1 = 7")
    i18n.set_language("en")
    assert res.explain() == before
    assert res.breakdown[1].reason == "castle"


def test_puzzle_objective_lines_in_portuguese():
    obj = Objective(scoring_tiles=(8, 13), scrolls=True, income=True, opponents=({"ships": 0},))
    i18n.set_language("pt")
    res = evaluate(obj, territory())
    assert res.breakdown[0].reason == "peça de pontuação 8 (Maioria de navios): mais navios: você 2, adversários 0"
    assert res.breakdown[2].reason == "pergaminhos: nenhum pergaminho no território"
    assert describe_objective(obj) == ("peça de pontuação 8 (Maioria de navios) + peça de pontuação 13 "
                                       "(Peças na estrada) + pergaminhos + renda")


def test_pseudo_language_breakdowns_of_a_seeded_game_hold_no_english_word():
    g = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    assert g.is_over()
    i18n.set_language("qps")
    texts = [i.reason for r in g.scores() for i in r.breakdown]
    texts += [label for p in range(g.n_players) for label, _r in g.score_breakdown(p)]
    texts += [r.explain() for r in g.scores()]
    texts += [s.label for s in SCORING_TILES.values()] + [s.description for s in SCORING_TILES.values()]
    obj = Objective(scoring_tiles=tuple(range(1, 17)), scrolls=True, income=True,
                    opponents=({"whisky_tiles": 1, "ships": 1, "gold": 3},))
    t = g.territories[0]
    texts += [i.reason for i in evaluate(obj, t).breakdown] + [describe_objective(obj)]
    texts += [i.reason for i in scoring.income(t, round_no=4, players_ahead=1, n_players=2).breakdown]
    assert len(texts) > 40
    assert english_words(texts) == []


def test_description_and_picture_titles_in_each_language():
    from skye_widgets.skye.describe import summary
    from skye_widgets.skye.render import render_territory, render_tile
    t = Territory("castle-green")
    t.place(53, 0, 1, 0)
    one = Territory("castle-blue")
    expected = {
        "pl": ("Terytorium z niebieskim zamkiem i bez innych żetonów, łącznie 1 żeton.",
               "Terytorium z zielonym zamkiem i 1 innym żetonem, łącznie żetonów: 2.", "żeton 12, obrót 3"),
        "fr": ("Un territoire avec le château bleu et aucune autre tuile, 1 tuile en tout.",
               "Un territoire avec le château vert et 1 autre tuile, 2 tuiles en tout.", "tuile 12, rotation 3"),
        "pt": ("Um território com o castelo azul e nenhuma outra peça, 1 peça no total.",
               "Um território com o castelo verde e 1 outra peça, 2 peças no total.", "peça 12, rotação 3"),
        "es": ("Un territorio con el castillo azul y ninguna otra loseta, 1 loseta en total.",
               "Un territorio con el castillo verde y 1 loseta más, 2 losetas en total.", "loseta 12, rotación 3"),
    }
    for lang, want in expected.items():
        i18n.set_language(lang)
        assert (summary(one), summary(t), render_tile("12", 3).title) == want
    i18n.set_language("qps")
    assert english_words([summary(one), summary(t), render_tile("12", 3).title,
                          render_territory(t).title]) == []


def placed_explanation():
    from skye_widgets.protocol import Explanation, Reason
    from skye_widgets.skye.explain import TEMPLATES
    from skye_widgets.skye.game import Place
    spot = {"player": 0, "tile": "53", "x": 0, "y": 1, "rotation": 0}
    return Explanation(Place(0, "53", 0, 1, 0), (
        Reason("placed", {**spot, "vp": 5}),
        Reason("under_tile", {**spot, "scoring_tile": 13, "label": "13 (Tiles on the road)", "each": 1, "times": 5}),
        Reason("under_tile", {**spot, "scoring_tile": 1, "label": "1 (Squares)", "each": 0, "times": 1})),
        templates=TEMPLATES)


BOT_SAYS = {
    "pt": "Coloquei a peça 53 em (0, 1) com rotação 0: ela soma 5 PV ao meu território até o fim do jogo. "
          "Ela soma 1 PV em 13 (Peças na estrada), que ainda será pontuada mais 5 vezes. "
          "Ela soma 0 PV em 1 (Quadrados), que ainda será pontuada mais uma vez.",
    "pl": "Umieściłem żeton 53 na polu (0, 1) z obrotem 0: do końca gry przyniesie mojemu terytorium 5 PZ. "
          "Dodaje 1 PZ na żetonie punktacji 13 (Żetony przy drodze), który zostanie podliczony jeszcze 5 razy. "
          "Dodaje 0 PZ na żetonie punktacji 1 (Kwadraty), który zostanie podliczony jeszcze raz.",
    "fr": "J’ai posé la tuile 53 en (0, 1) avec la rotation 0\u00a0: elle ajoute 5 PV à mon territoire d’ici la fin "
          "de la partie. Elle ajoute 1 PV pour 13 (Tuiles sur la route), qui sera encore décomptée 5 fois. "
          "Elle ajoute 0 PV pour 1 (Carrés), qui sera encore décomptée une fois.",
    "es": "Coloqué la loseta 53 en (0, 1) con rotación 0: añade 5 PV a mi territorio hasta el final de la partida. "
          "Añade 1 PV en 13 (Losetas en el camino), que se puntuará 5 veces más. "
          "Añade 0 PV en 1 (Cuadrados), que se puntuará una vez más.",
}


@pytest.mark.parametrize("lang", sorted(BOT_SAYS))
def test_a_bot_explanation_in_each_language(lang):
    e = placed_explanation()                 # made in English, shown in the language of the moment
    i18n.set_language(lang)
    assert e.text == BOT_SAYS[lang]
    assert e.to_dict()["reasons"][1]["values"]["label"] == "13 (Tiles on the road)"   # the data stays as given


def test_polish_explanation_counts_and_the_english_one():
    e = placed_explanation()
    assert e.text.endswith("It adds 1 VP under 13 (Tiles on the road), which is scored 5 more times. "
                           "It adds 0 VP under 1 (Squares), which is scored once more.")
    from skye_widgets.protocol import Explanation, Reason
    from skye_widgets.skye.explain import TEMPLATES
    i18n.set_language("pl")
    assert [Explanation(None, (Reason("random", {"moves": n}),), templates=TEMPLATES).text for n in (1, 3, 12)] == [
        "Wybrałem losowo: to był mój jedyny dozwolony ruch.", "Wybrałem losowo spośród 3 dozwolonych ruchów.",
        "Wybrałem losowo spośród 12 dozwolonych ruchów."]


def test_pseudo_language_explanations_of_a_seeded_game_hold_no_english_word():
    from skye_widgets.protocol import play_explained
    from skye_widgets.skye.game import GameState
    i18n.set_language("qps")
    g, decisions = play_explained(GameState.new, [make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    texts = [d.explanation.text for d in decisions]
    keys = {r.key for d in decisions for r in d.explanation.all_reasons()}
    assert {"priced", "discarded", "bought", "placed", "under_tile", "random"} <= keys
    assert english_words(texts) == []


DESCRIBED = {   # the blue castle with tile 53 south of it: (the areas sentence's start, the roads sentence)
    "pt": ("4 áreas: uma área de pasto aberta de 2 peças com 1 barril de uísque, ",
           "1 outra peça está ligada ao castelo por estrada."),
    "pl": ("4 obszary: otwarty obszar pastwiska (2 żetony) – 1 beczka whisky, ",
           "1 inny żeton jest połączony drogą z zamkiem."),
    "fr": ("4 zones\u00a0: une zone de pâturage ouverte de 2 tuiles avec 1 tonneau de whisky, ",
           "1 autre tuile est reliée au château par la route."),
    "es": ("4 áreas: un área de pradera abierta de 2 losetas con 1 barril de whisky, ",
           "1 loseta más está conectada al castillo por un camino."),
}


@pytest.mark.parametrize("lang", sorted(DESCRIBED))
def test_a_territory_description_in_each_language(lang):
    from skye_widgets.skye.describe import describe_territory
    i18n.set_language(lang)
    text = describe_territory(territory())
    areas, roads = DESCRIBED[lang]
    assert areas in text and roads in text


def test_pseudo_language_descriptions_and_pictures_of_a_seeded_game_hold_no_english_word():
    from skye_widgets.skye.describe import describe_territory
    from skye_widgets.skye.render import render_territory
    g = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    i18n.set_language("qps")
    texts = []
    for t in g.territories:
        scores = {n: scoring.score_tile(n, [t], [0])[0] for n in (1, 2, 3, 13, 14)}
        texts.append(describe_territory(t, scores, breakdown=scoring.final_scoring(t, 7)))
        texts.append(render_territory(t).title)
    assert len(texts[0]) > 300
    assert english_words(texts) == []


TILE_17_53 = {   # tile 17: water, pasture with a sheep and a farm scroll; tile 53: whisky, 2 ships, a road
    "pt": ("água; pasto com 1 ovino e um pergaminho (1 PV por fazenda).",
           "pasto com um barril de uísque; água com 2 navios; uma estrada."),
    "pl": ("woda; pastwisko – 1 owca i zwój (1 PZ za każdą farmę).",
           "pastwisko – beczka whisky; woda – 2 statki; droga."),
    "fr": ("eau\u00a0; pâturage avec 1 mouton et un parchemin (1 PV par ferme).",
           "pâturage avec un tonneau de whisky\u00a0; eau avec 2 bateaux\u00a0; une route."),
    "es": ("agua; pradera con 1 oveja y un pergamino (1 PV por cada granja).",
           "pradera con un barril de whisky; agua con 2 barcos; un camino."),
}


@pytest.mark.parametrize("lang", sorted(TILE_17_53))
def test_tile_hover_line_and_legend_in_each_language(lang):
    from skye_widgets.skye.render import legend_text, tile_words
    i18n.set_language(lang)
    assert (tile_words("17"), tile_words("53")) == TILE_17_53[lang]
    assert legend_text("terrain") == {
        "pt": "Cores das peças: pasto (verde-amarelado), água (azul), montanha (cinza).",
        "pl": "Kolory żetonów: pastwisko (żółtozielone), woda (niebieska), góry (szare).",
        "fr": "Couleurs des tuiles\u00a0: pâturage (vert-jaune), eau (bleu), montagne (gris).",
        "es": "Colores de las losetas: pradera (verde amarillento), agua (azul), montaña (gris).",
    }[lang]


def drawn_texts(d) -> list[str]:
    from skye_widgets.drawing import Text as Drawn
    return [d.title] + [s.text for s in d.shapes if isinstance(s, Drawn)]


def test_pseudo_language_pictures_legends_and_hover_lines_hold_no_english_word():
    from skye_widgets.skye.render import LEGEND_TEXT, legend_text, render_game, render_territory, tile_words
    from skye_widgets.skye.tiles import catalogue
    from skye_widgets.skye.game import GameState
    i18n.set_language("qps")
    texts = [legend_text(k) for k in LEGEND_TEXT] + [tile_words(t) for t in catalogue()]
    g = GameState.new(3, seed=4)
    texts += drawn_texts(render_game(g, 0))                     # prices being set
    over = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    texts += drawn_texts(render_game(over, 0, open_hand=True))  # the end, winners named
    texts += drawn_texts(render_territory(over.territories[0], legend=True))
    # drawn labels that are numbers or ids (tile numbers, +2, /2, A-D) carry no word
    assert english_words(texts) == []


def test_game_log_in_each_language_and_after_a_switch():
    from skye_widgets.skye.game import GameState
    g = GameState.new(["Ana", "Ben"], seed=3)                   # the log is written in English
    first = [e.text for e in g.log[:2]]
    assert first[1] == "Round 1 of 6; Ana starts."
    expected = {"pt": "Rodada 1 de 6; Ana começa.", "pl": "Runda 1 z 6; zaczyna Ana.",
                "fr": "Tour 1 sur 6\u00a0; Ana commence.", "es": "Ronda 1 de 6; empieza Ana."}
    income = {"pt": "Ana recebe 5 moedas (castelo +5).", "pl": "Ana otrzymuje 5 sztuk złota (zamek +5).",
              "fr": "Ana reçoit 5 pièces d’or (château +5).", "es": "Ana recibe 5 monedas de oro (castillo +5)."}
    for lang in expected:
        i18n.set_language(lang)                                 # and read in the language of the moment
        assert g.log[1].text == expected[lang]
        assert g.log[2].text == income[lang]
    i18n.set_language("en")
    assert [e.text for e in g.log[:2]] == first


def test_pseudo_language_game_log_holds_no_english_word():
    over = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    i18n.set_language("qps")
    texts = [e.text for e in over.log]
    assert len(texts) > 60
    # the players' names were chosen in English when the game was set up ("Player 1"): data, not text
    assert english_words(texts, allowed={r"Player \d": "the players' names, given at set-up"}) == []


def test_strong_bot_search_sentences_in_polish_and_pseudo_language():
    from skye_widgets.protocol import Explanation, Reason
    from skye_widgets.skye.explain import TEMPLATES
    from skye_widgets.skye.search import SEARCH_TEMPLATES
    templates = {**TEMPLATES, **SEARCH_TEMPLATES}
    values = {"options": 4, "margin": 2.5, "value": 7.0, "runner_up": 4.5}
    reasons = [Reason("searched", {**values, "samples": n}) for n in (1, 3, 8)]
    reasons += [Reason("searched_tie", {**values, "samples": 2}), Reason("searched_one", {"options": 1})]
    e = Explanation(None, tuple(reasons), templates=templates)
    i18n.set_language("pl")
    sentences = e.sentences()
    assert sentences[0].startswith("Porównałem opcje (liczba: 4), każdą rozegraną do końca rundy w jednym "
                                   "symulowanym świecie: ta uzyskała 7,0, o 2,5 więcej")
    assert "w 3 symulowanych światach: ta uzyskała średnio 7,0" in sentences[1]
    assert "w 8 symulowanych światach" in sentences[2]
    assert sentences[4] == "Miałem tylko jedną opcję wartą symulacji, więc ją zagrałem."
    i18n.set_language("qps")
    assert english_words(e.sentences()) == []


def test_puzzle_grade_and_objective_faults_in_other_languages():
    from skye_widgets.skye.puzzles import ObjectiveError, load_puzzle, objective_from_dict, puzzle_files
    from skye_widgets.skye.solver import grade
    g = grade(load_puzzle([f for f in puzzle_files() if f.endswith("d1-mountains.json")][0]))  # graded in English
    i18n.set_language("pl")
    assert g.reasons[:2] == ("Do ułożenia są 2 żetony, każdy to decyzja zmieniająca następną.",
                             "Tylko jedno końcowe terytorium osiąga najlepszy wynik.")
    i18n.set_language("fr")
    with pytest.raises(ObjectiveError) as e:
        objective_from_dict({"scoring_tiles": [17]})
    assert str(e.value) == "scoring_tiles\u00a0: 17 n’est pas une tuile Score (1-16)"
    i18n.set_language("qps")
    assert english_words(g.reasons) == []


def test_scoring_lessons_reports_and_charts_in_other_languages():
    from skye_widgets.skye import lessons
    i18n.set_language("es")
    assert lessons.majority_captions(7) == ["Azul: 3 losetas de whisky → 5 PV", "Rojo: 1 loseta de whisky → 2 PV",
                                            "Amarillo: 1 loseta de whisky → 2 PV"]
    assert lessons.report(3).splitlines()[:2] == ["Loseta de puntuación 3 (Ovejas): 4 PV",
                                                  "+1  1 oveja en la loseta 59 en (0, 1)"]
    i18n.set_language("pl")
    assert lessons.majority_captions(10)[0] == "Niebieski: 8 złotych monet → 5 PZ"
    over = play_game([make_bot("greedy", seed=1), make_bot("random", seed=2)], seed=5)
    assert list(lessons.vp_sources(over, 0)) == ["pole A", "pole B", "pole C", "pole D", "zwoje", "złoto"]
    i18n.set_language("qps")
    texts = [lessons.report(n) for n in range(1, 17)] + lessons.majority_captions(8)
    texts += drawn_texts(lessons.round_track_drawing(5)) + list(lessons.vp_sources(over, 1))
    assert english_words(texts) == []


def test_puzzle_titles_and_hints_are_shown_in_the_language_spoken():
    from skye_widgets.skye.daily import daily_puzzle
    from skye_widgets.skye.puzzles import load_all
    puzzles = load_all()                                     # the shipped files keep English words (data)
    key = next(h for p in puzzles for h in p.hints if h.startswith("Tile ") and ", once tile " in h)
    d = daily_puzzle("2026-11-24").puzzle
    assert d.title.endswith(" (puzzle of the day 2026-11-24)")
    i18n.set_language("fr")
    assert d.shown_title.endswith(" (casse-tête du jour 2026-11-24)")
    p = next(p for p in puzzles if p.title == "Counting sheep")
    assert p.shown_title == "Compter les moutons"
    assert p.shown_hints[0] == "Les moutons rapportent où qu’ils soient\u00a0: réfléchissez plutôt à l’autre tuile Score."
    i18n.set_language("pl")
    from skye_widgets.skye.puzzles import shown_text
    assert shown_text("Tile 7 is the key: the spot where it scores most right away is not the best one. "
                      "Try it just west of tile 12, once tiles 3 and 5 are down.") == (
        "Kluczem jest żeton 7: miejsce, w którym od razu punktuje najwięcej, nie jest najlepsze. "
        "Spróbuj go położyć tuż na zachód od żetonu 12, gdy żetony 3 i 5 już leżą.")
    i18n.set_language("qps")
    texts = [p.shown_title for p in puzzles] + [h for p in puzzles for h in p.shown_hints] + [d.shown_title]
    assert english_words(texts) == []


def test_territory_file_size_faults_in_spanish_and_pseudo_language():
    from skye_widgets.skye.files import entry_size_fault
    i18n.set_language("es")
    faults = [entry_size_fault({"name": "x" * 500}), entry_size_fault({"gold": 10 ** 12}),
              entry_size_fault({"tiles": [{"tile": "1", "x": 10 ** 9, "y": 0}]}),
              entry_size_fault({"tiles": [{"tile": "t" * 500, "x": 0, "y": 0}]}),
              entry_size_fault({"tiles": [{}] * 1000})]
    assert all(f and f.split(":")[0] in ("name", "gold", "tiles[0]", "tiles") for f in faults)
    from skye_widgets.limits import MAX_NAME_LENGTH
    assert faults[0] == f"name: 500 caracteres; un nombre tiene como máximo {MAX_NAME_LENGTH}"
    assert " no es un número entero de " in faults[2] and "la loseta " in faults[3] and " es más que " in faults[1]
    i18n.set_language("qps")
    faults = [entry_size_fault({"name": "x" * 500}), entry_size_fault({"tiles": [{}] * 1000})]
    assert english_words(faults) == []
