"""The rulebook's own worked examples (Félix, Laura, María, Max), on hand-built positions.

Each test quotes the example (Spanish rulebook, ../shared/seeds/skylands_rules_es.txt) and says
how the expected numbers follow from it.
"""

import pytest

from skye_widgets.skylands.board import PlayerBoard
from skye_widgets.skylands.game import (ActionChoiceError, ChooseAction, Convert, Create, GameState,
                                        Pass, RepeatUsedError, Take)

from skylands_helpers import islet


def table(names, seed=5):
    """Empty boards, the first name active; the full supply (20 of each colour)."""
    s = GameState(names, seed=seed)
    s.boards = [PlayerBoard() for _ in names]
    s.active = s.start_player = 0
    return s


def test_felix_moves_his_token_from_deploy_to_one_of_the_other_three_boards():
    # "La ficha de jugador de Félix está en el tablero de acción 'Desplegar habitantes'. Ahora
    # puede elegir una de las otras tres acciones"
    g = table(["Félix", "Ana"])
    g.apply(ChooseAction("deploy"))            # nobody has a complete island: everyone passes
    g.apply(ChooseAction("deploy"))            # Ana's first turn: any board
    assert g.current_player() == 0 and g.token[0] == "deploy"
    moves = [a.action for a in g.legal_actions() if not a.repeat]
    assert moves == ["discover", "create", "convert"]
    with pytest.raises(ActionChoiceError):
        g.apply(ChooseAction("deploy"))        # staying needs the marker


def test_laura_repeats_discover_in_round_two_by_flipping_her_marker():
    # "En la primera ronda del juego, eligió Descubrir islas. Para repetir esta acción en la
    # segunda ronda, da la vuelta a su marcador de jugador y no mueve su ficha de jugador."
    g = table(["Laura", "Ben"])
    g.apply(ChooseAction("discover"))
    while g.phase == "discover":
        g.apply(Pass())
    g.apply(ChooseAction("deploy"))            # Ben
    assert g.round == 2 and g.current_player() == 0
    g.apply(ChooseAction("discover", repeat=True))
    assert g.token[0] == "discover" and g.marker_active == [False, True]
    # the marker is spent: no +2 VP for it at the end (Ben keeps his)
    assert not any("marker" in i.reason for i in g.scores()[0].breakdown)
    assert any("marker" in i.reason and i.points == 2 for i in g.scores()[1].breakdown)
    while g.phase == "discover":
        g.apply(Pass())
    g.apply(ChooseAction("convert"))           # Ben
    g.apply(ChooseAction("deploy"))            # Laura, round 3
    g.apply(ChooseAction("create"))            # Ben
    with pytest.raises(RepeatUsedError):       # once per game
        g.apply(ChooseAction("deploy", repeat=True))


def test_maria_reveals_five_tiles_in_a_four_player_game_and_chooses_first():
    # "En un juego de cuatro jugadores, María revela 5 fichas de la pila. Luego tiene la primera
    # elección ... Inmediatamente lo coloca en su tablero de jugador." 4 players + 1 = 5.
    g = table(["María", "B", "C", "D"])
    stack = len(g.stack)
    g.apply(ChooseAction("discover"))
    assert len(g.revealed) == 5 and len(g.stack) == stack - 5
    assert g.current_player() == 0 and not g.is_bonus
    tid = g.revealed[0]
    g.apply(Take(0, 2, 1, 0))                  # an empty board: anything fits
    assert g.boards[0].grid[(2, 1)].tile.id == tid and len(g.revealed) == 4
    for _ in range(3):                         # B, C, D pass
        g.apply(Pass())
    # after everyone, María (active) may take one more: 4 still on show
    assert g.current_player() == 0 and g.is_bonus and len(g.revealed) == 4
    g.apply(Pass())
    assert g.phase == "choose" and g.revealed == [] and len(g.discard) == 4


def test_felix_converts_two_inhabitants_into_his_two_city_spaces_for_2_vp():
    # "Felix pone a dos habitantes de su isla de cristal en los dos espacios de las islas de su
    # ciudad. Gana 2 PV del suministro por esto. Luego saca a los dos habitantes de la ciudad."
    # Félix is not the active player here, so no bonus: exactly 2 VP.
    g = table(["Ana", "Félix"])
    b = g.boards[1]
    b.place(islet("crystal", 2), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "blue", 2)
    g.supply["blue"] -= 2
    b.place(islet("city", 2), 2, 0, 0)
    g.apply(ChooseAction("convert"))           # Ana has nothing: passes
    assert g.current_player() == 1 and not g.is_bonus
    g.apply(Convert(((0, 0, 0),), ((2, 0, 0),)))
    assert g.vp == [0, 2] and g.vp_supply == 40 - 2
    assert b.count() == 0 and g.supply["blue"] == 20   # out of the city, back to the supply


def test_max_pays_the_white_inhabitant_with_a_blue_one():
    # "Max vuelve a colocar a los habitantes representados en su tablero en el suministro, usando
    # uno azul para el habitante blanco de cualquier color." Max is not active, so he pays white.
    g = table(["Ana", "Max"])
    g.display[0] = "S01"                       # Moss Knoll: 1 green + 1 white
    b = g.boards[1]
    b.place(islet("forest", 1), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "green", 1)
    b.place(islet("crystal", 1), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "blue", 1)
    g.supply.update(green=19, blue=19)
    g.apply(ChooseAction("create"))            # Ana has no inhabitants: passes
    assert g.current_player() == 1
    g.apply(Create(0, 4, 3, 0, white="blue"))
    assert b.count() == 0 and g.supply == {"green": 20, "purple": 20, "blue": 20}
    assert b.grid[(4, 3)].tile.id == "S01"


def test_laura_as_active_player_ignores_the_white_inhabitant():
    # "Laura elige la loseta de isla especial representada y devuelve un habitante verde y otro
    # morado al suministro. Ella es el jugador activo, por lo que ignora al habitante blanco."
    g = table(["Laura", "Ben"])
    g.display[0] = "S11"                       # Sky Market: 1 green + 1 purple + 1 white; 3 VP once
    b = g.boards[0]
    b.place(islet("forest", 1), 0, 0, 0)
    b.add_inhabitants((0, 0, 0), "green", 1)
    b.place(islet("mountain", 1), 2, 0, 0)
    b.add_inhabitants((2, 0, 0), "purple", 1)
    g.supply.update(green=19, purple=19)
    g.apply(ChooseAction("create"))
    g.apply(Create(0, 4, 3, 0))                # no white named: the active player pays none
    # green and purple back (19 -> 20 each); Sky Market's one-time effect: 3 VP (40 -> 37)
    assert b.count() == 0 and g.supply["green"] == 20 and g.supply["purple"] == 20
    assert g.vp[0] == 3 and g.vp_supply == 37
