"""The rules errors of the three engines in the players' languages (issue 18).

For each language a hand-built illegal move in each game raises with the message in that
language, written here by hand (not read from the catalog), and changes nothing; under the
pseudo-language ``qps`` every message these tests trigger is pseudo-translated (none stays English).
"""

from __future__ import annotations

import json
import re

import pytest

from skye_widgets.hashi.board import load_board
from skye_widgets.hashi.game import Bridge, Card, CrossingBridgeError, EndTurn, HashiGame, IslandFullError, Setup, Write
from skye_widgets.hashi.game import default_deck
from skye_widgets.i18n import language, set_language
from skye_widgets.errors import CellOccupiedError
from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.components import Part, Tile
from skye_widgets.skylands.game import CannotPayError, ChooseAction, Create, Take
from skye_widgets.skylands.game import GameState as SkylandsState
from skye_widgets.skye.game import Buy, GameConfig, GameState, NotEnoughGoldError, Pass, SetPrices
from skye_widgets.skye.territory import Territory, TerrainMismatchError
from skye_game_helpers import snapshot

NB = "\u00a0"     # French puts a no-break space before ":" and inside « »


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


def raised(error, call) -> str:
    """The message ``call()`` raises ``error`` with (it must raise it)."""
    with pytest.raises(error) as e:
        call()
    return str(e.value)


# --------------------------------------------------------------------------
# Isle of Skye
# --------------------------------------------------------------------------

def skye_buy_phase() -> GameState:
    """3 players (Ana, Bruno, Celina), round 1, everyone has priced; Ana and Bruno pass: Celina buys.

    Celina starts with 3 gold and puts 1 + 1 on her tiles: 1 gold left; Bruno sells tile 4 for 4 gold.
    """
    g = GameState(GameConfig(players=3, seed=1, names=("Ana", "Bruno", "Celina")))
    tiles = (["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"])
    for p in range(3):
        g.bag.extend(g.displays[p])
    for p, mine in enumerate(tiles):
        for t in mine:
            if t in g.bag:
                g.bag.remove(t)
        g.displays[p] = list(mine)
    g.gold[:] = [10, 9, 3]
    g.income_paid = 22
    g.apply(SetPrices(0, "3", (("1", 1), ("2", 1))))
    g.apply(SetPrices(1, "6", (("4", 4), ("5", 3))))
    g.apply(SetPrices(2, "9", (("7", 1), ("8", 1))))
    g.apply(Pass(0))
    g.apply(Pass(1))
    return g


SKYE_MISMATCH = {
    "en": "Tile 3 cannot go at (0, 1) with rotation 0: its north side shows water, but the south side of "
          "the castle at (0, 0) shows pasture.",
    "pt": "A peça 3 não pode ir para (0, 1) com rotação 0: seu lado norte mostra água, mas o lado sul do "
          "castelo em (0, 0) mostra pasto.",
    "pl": "Żeton 3 nie może leżeć na polu (0, 1) z obrotem 0: jego krawędź północna to woda, a krawędź "
          "południowa zamku na polu (0, 0) to pastwisko.",
    "fr": f"La tuile 3 ne peut pas aller en (0, 1) avec la rotation 0{NB}: son côté nord montre de l’eau, mais "
          "le côté sud du château en (0, 0) montre du pâturage.",
    "es": "La loseta 3 no puede ir en (0, 1) con rotación 0: su lado norte muestra agua, pero el lado sur "
          "del castillo en (0, 0) muestra pradera.",
}

SKYE_TOO_DEAR = {
    "en": "Celina cannot buy tile 4: it costs 4 gold and they have only 1.",
    "pt": "Celina não pode comprar a peça 4: o preço é 4 e só tem 1 moeda.",
    "pl": "Celina nie może kupić żetonu 4: jego cena wynosi 4, a ma tylko 1 sztukę złota.",
    "fr": f"Celina ne peut pas acheter la tuile 4{NB}: son prix est de 4 et il ne lui reste que 1 pièce d’or.",
    "es": "Celina no puede comprar la loseta 4: su precio es 4 y solo tiene 1 moneda de oro.",
}


@pytest.mark.parametrize("lang", sorted(SKYE_MISMATCH))
def test_skye_a_placement_whose_edge_does_not_match(lang):
    t = Territory("castle-blue")          # its S side is pasture; tile 3's N side is water
    before = t.to_dict()
    set_language(lang)
    assert raised(TerrainMismatchError, lambda: t.place("3", 0, 1, 0)) == SKYE_MISMATCH[lang]
    assert t.to_dict() == before


@pytest.mark.parametrize("lang", sorted(SKYE_TOO_DEAR))
def test_skye_a_buy_you_cannot_afford(lang):
    g = skye_buy_phase()
    assert g.gold[2] == 1 and g.prices[1]["4"] == 4
    before = snapshot(g)
    set_language(lang)
    assert raised(NotEnoughGoldError, lambda: g.apply(Buy(2, 1, "4"))) == SKYE_TOO_DEAR[lang]
    assert snapshot(g) == before


def test_polish_counts_gold_in_three_forms():
    g = skye_buy_phase()
    set_language("pl")
    got = []
    for gold in (1, 2, 5, 22):
        g.gold[2] = gold
        g.prices[1]["4"] = 30
        got.append(raised(NotEnoughGoldError, lambda: g.apply(Buy(2, 1, "4"))).split(", a ")[1])
    assert got == ["ma tylko 1 sztukę złota.", "ma tylko 2 sztuki złota.", "ma tylko 5 sztuk złota.",
                   "ma tylko 22 sztuki złota."]


# --------------------------------------------------------------------------
# Hashi (board skerries-a: (2,0)-(2,3) crosses (0,2)-(3,2); see tests/hashi/test_game.py)
# --------------------------------------------------------------------------

def hashi_game(*played: Card, number: int = 4) -> HashiGame:
    """Sara alone on skerries-a, ``number`` written on (2, 0) at the setup, the cards ``played`` first."""
    deck = list(default_deck())
    for c in (Card(6, 3), *played):
        deck.remove(c)
    g = HashiGame(load_board("skerries-a"), ["Sara"], deck=[Card(6, 3), *played, *deck], shuffle=False)
    g.apply(Setup((2, 0), number))
    return g


def hashi_state(g: HashiGame):
    return json.dumps(g.to_dict()), g.turn_wrote, g.turn_drawn, g.current_player()


HASHI_CROSSING = {
    "en": "A bridge from (0, 2) to (3, 2) would cross the bridge from (2, 0) to (2, 3); bridges never cross.",
    "pt": "Uma ponte de (0, 2) a (3, 2) cruzaria a ponte de (2, 0) a (2, 3); as pontes nunca se cruzam.",
    "pl": "Most z (0, 2) do (3, 2) przeciąłby most z (2, 0) do (2, 3); mosty nigdy się nie krzyżują.",
    "fr": f"Un pont de (0, 2) à (3, 2) croiserait le pont de (2, 0) à (2, 3){NB}; les ponts ne se croisent jamais.",
    "es": "Un puente de (0, 2) a (3, 2) cruzaría el puente de (2, 0) a (2, 3); los puentes nunca se cruzan.",
}

HASHI_FINISHED = {
    "en": "The island at (2, 0) already has its 3 bridges: it is finished and takes no more.",
    "pt": "A ilha em (2, 0) já tem as suas 3 pontes: está completa e não recebe mais nenhuma.",
    "pl": "Wyspa (2, 0) ma już swoje 3 mosty: jest ukończona i nie przyjmie więcej.",
    "fr": f"L’île en (2, 0) a déjà ses 3 ponts{NB}: elle est terminée et n’en prend plus.",
    "es": "La isla en (2, 0) ya tiene sus 3 puentes: está terminada y no admite más.",
}


@pytest.mark.parametrize("lang", sorted(HASHI_CROSSING))
def test_hashi_a_crossing_bridge(lang):
    g = hashi_game(Card(3, 1), Card(2, 1))
    g.apply(Write((0, 2)))
    g.apply(Bridge((2, 0), (2, 3)))
    g.apply(EndTurn())                 # the second card: a 2 with 1 bridge, from (0, 2) across (2,0)-(2,3)
    before = hashi_state(g)
    set_language(lang)
    assert raised(CrossingBridgeError, lambda: g.apply(Bridge((0, 2), (3, 2)))) == HASHI_CROSSING[lang]
    assert hashi_state(g) == before


@pytest.mark.parametrize("lang", sorted(HASHI_FINISHED))
def test_hashi_a_bridge_on_a_finished_island(lang):
    g = hashi_game(Card(2, 3), Card(2, 1), number=3)     # the rulebook's example: a 3 with its 3 bridges
    g.apply(Bridge((2, 0), (5, 0)))
    g.apply(Bridge((2, 0), (5, 0)))
    g.apply(Bridge((2, 0), (0, 0)))
    g.apply(EndTurn())
    g.apply(Write((5, 0)))
    before = hashi_state(g)
    set_language(lang)
    assert raised(IslandFullError, lambda: g.apply(Bridge((2, 0), (2, 3)))) == HASHI_FINISHED[lang]
    assert hashi_state(g) == before


# --------------------------------------------------------------------------
# Skylands (players named as in the Spanish rulebook: Félix and Laura)
# --------------------------------------------------------------------------

def islet(terrain: str, tid: str) -> Tile:
    """A one-space island touching no side (complete on its own)."""
    return Tile(tid, (Part(terrain, (), 1),))


def skylands_game() -> SkylandsState:
    """Félix (active, to play) and Laura on empty boards."""
    g = SkylandsState(["Félix", "Laura"], seed=5)
    g.boards = [PlayerBoard(), PlayerBoard()]
    g.active = g.start_player = 0
    return g


def skylands_state(g: SkylandsState):
    return (g.to_dict(), [b.to_dict() for b in g.boards], dict(g.supply), list(g.revealed), g.phase,
            list(g.queue), g.current_player())


SKYLANDS_OCCUPIED = {
    "en": "The square (0, 0) already holds a tile.",
    "pt": "A casa (0, 0) já tem uma peça.",
    "pl": "Na polu (0, 0) leży już żeton.",
    "fr": "La case (0, 0) contient déjà une tuile.",
    "es": "La casilla (0, 0) ya tiene una ficha.",
}

# Windfall Rock (S03) costs 1 purple + 1 white; Laura pays the white in purple: 2 purple, she has 1.
# (The special island's name is the components' English one: its translation is not a rules error's.)
SKYLANDS_CANNOT_PAY = {
    "en": "Windfall Rock costs 2 purple inhabitants; Laura lacks 1 purple inhabitant on the board.",
    "pt": "Rocha do Vento custa 2 habitantes roxos; faltam no tabuleiro de Laura: 1 habitante roxo.",
    "pl": "Wietrzna Skała kosztuje: 2 fioletowi mieszkańcy; na planszy gracza Laura brakuje: 1 fioletowy mieszkaniec.",
    "fr": f"Rocher du Vent coûte 2 habitants violets{NB}; il manque 1 habitant violet sur son plateau pour Laura.",
    "es": "Roca del Viento cuesta 2 habitantes morados; en el tablero de Laura falta: 1 habitante morado.",
}


@pytest.mark.parametrize("lang", sorted(SKYLANDS_OCCUPIED))
def test_skylands_a_tile_on_an_occupied_square(lang):
    g = skylands_game()
    g.boards[0].place(islet("forest", "forest-islet"), 0, 0, 0)
    g.apply(ChooseAction("discover"))
    g.revealed[0] = "I88"                                  # clouds only: it fits anywhere free
    before = skylands_state(g)
    set_language(lang)
    assert raised(CellOccupiedError, lambda: g.apply(Take(0, 0, 0, 0))) == SKYLANDS_OCCUPIED[lang]
    assert skylands_state(g) == before


def laura_to_create() -> SkylandsState:
    g = skylands_game()
    g.display[0] = "S03"
    b = g.boards[1]
    b.place(islet("mountain", "mountain-islet"), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "purple", 1)
    b.place(islet("forest", "forest-islet"), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "green", 1)
    g.supply.update(green=19, purple=19)
    g.boards[0].place(islet("forest", "forest-islet"), 0, 0, 0)    # Félix has no inhabitants: he passes
    g.apply(ChooseAction("create"))
    assert g.current_player() == 1 and not g.is_bonus
    return g


@pytest.mark.parametrize("lang", sorted(SKYLANDS_CANNOT_PAY))
def test_skylands_an_action_you_cannot_pay(lang):
    g = laura_to_create()
    before = skylands_state(g)
    set_language(lang)
    assert raised(CannotPayError, lambda: g.apply(Create(0, 4, 3, 0, white="purple"))) == SKYLANDS_CANNOT_PAY[lang]
    assert skylands_state(g) == before


# --------------------------------------------------------------------------
# The pseudo-language: every message these tests trigger went through the catalog
# --------------------------------------------------------------------------

def english_left(message: str, *values: str) -> list[str]:
    """The plain-English words of ``message`` once the placeholders' values are taken out (none
    when the whole text was translated: qps accents every letter of a marked text)."""
    for v in values:
        message = message.replace(v, "")
    return re.findall(r"[A-Za-z]{2,}", message)


def test_qps_every_triggered_rules_error_is_pseudo_translated():
    set_language("qps")
    t = Territory("castle-blue")
    g = skye_buy_phase()
    h1 = hashi_game(Card(3, 1), Card(2, 1))
    h1.apply(Write((0, 2)))
    h1.apply(Bridge((2, 0), (2, 3)))
    h1.apply(EndTurn())
    h2 = hashi_game(Card(2, 3), Card(2, 1), number=3)
    for a in (Bridge((2, 0), (5, 0)), Bridge((2, 0), (5, 0)), Bridge((2, 0), (0, 0)), EndTurn(), Write((5, 0))):
        h2.apply(a)
    s1 = skylands_game()
    s1.boards[0].place(islet("forest", "forest-islet"), 0, 0, 0)
    s1.apply(ChooseAction("discover"))
    s1.revealed[0] = "I88"
    s2 = laura_to_create()
    cases = [
        (TerrainMismatchError, lambda: t.place("3", 0, 1, 0), ()),
        (NotEnoughGoldError, lambda: g.apply(Buy(2, 1, "4")), ("Celina",)),
        (CrossingBridgeError, lambda: h1.apply(Bridge((0, 2), (3, 2))), ()),
        (IslandFullError, lambda: h2.apply(Bridge((2, 0), (2, 3))), ()),
        (CellOccupiedError, lambda: s1.apply(Take(0, 0, 0, 0)), ("forest-islet",)),
        (CannotPayError, lambda: s2.apply(Create(0, 4, 3, 0, white="purple")), ("Windfall Rock", "Laura")),
    ]
    for error, call, values in cases:
        message = raised(error, call)
        assert message.startswith("[") and message.endswith("]"), message
        assert english_left(message, *values) == [], message
