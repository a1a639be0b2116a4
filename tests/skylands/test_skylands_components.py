"""The shipped component set follows the rulebook's structure; broken data files are refused."""

import json
import shutil
from collections import Counter
from importlib import resources

import pytest

from skye_widgets.errors import FileFormatError
from skye_widgets.skylands.components import CATEGORIES, components, load_components

DATA = resources.files("skye_widgets.skylands") / "data"


def test_the_shipped_set_has_the_rulebook_structure():
    c = components()
    assert len(c.tiles) == 88 and len(c.specials) == 32
    assert dict(c.inhabitants) == {"green": 20, "purple": 20, "blue": 20}      # 60 inhabitants
    assert (c.width, c.height) == (5, 4) and len(c.printed) == 3
    assert len(c.start_islands) == 4
    # four backs of eight, two of each category per back; 4 of each back on display = 16
    assert Counter(s.back for s in c.specials) == {b: 8 for b in c.backs} and len(c.backs) == 4
    for b in c.backs:
        assert Counter(s.category for s in c.specials if s.back == b) == {k: 2 for k in CATEGORIES}
    assert c.display_per_back * len(c.backs) == 16
    # every tile edge is one of the five types; every part has a terrain and spaces
    assert {e for t in c.tiles for e in t.edges()} == {"forest", "mountain", "crystal", "city", "cloud"}


def test_player_count_removal_and_vp_supply():
    c = components()
    assert [len(c.tiles_for(n)) for n in (2, 3, 4)] == [60, 74, 88]
    # markers (value: how many): 2p 8x1 + 4x3 + 4x5 = 40; 3p 7x1 + 6x3 + 6x5 = 55;
    # 4p 8x1 + 9x3 + 7x5 = 70, all 24 markers of the box (the rulebook's component count)
    assert [c.vp_for(n) for n in (2, 3, 4)] == [40, 55, 70]
    assert c.markers_for(4) == {1: 8, 3: 9, 5: 7} and sum(c.markers_for(4).values()) == 24
    assert all(c.markers_for(n)[v] <= c.markers_for(4)[v] for n in (2, 3) for v in (1, 3, 5))


def test_printed_squares_leave_every_square_fillable():
    # the design bug found in play-testing: no empty square may face two different terrains
    c = components()
    from skye_widgets.skylands.board import PlayerBoard
    b = PlayerBoard.beginner(c)
    for cell in b.empty_squares():
        assert any(b.legal_placements(t) and any((x, y) == cell for x, y, _ in b.legal_placements(t))
                   for t in c.tiles), f"no tile fits {cell}"


@pytest.fixture
def data_copy(tmp_path):
    for name in ("tiles.json", "specials.json", "setup.json"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path


def edit(path, change):
    d = json.loads(path.read_text())
    change(d)
    path.write_text(json.dumps(d))


def test_a_copy_of_the_data_loads_like_the_shipped_one(data_copy):
    assert load_components(data_copy) == components()


@pytest.mark.parametrize("name, change, fault", [
    ("tiles.json", lambda d: d["tiles"][0]["parts"][0].update(terrain="lava"), "tile I01 part 0: unknown terrain 'lava'"),
    ("tiles.json", lambda d: d["tiles"][6]["parts"].append({"terrain": "city", "sides": [0], "spaces": 1}),
     "side 0 belongs to two parts"),
    ("tiles.json", lambda d: d["tiles"][1].update(id="I01"), "duplicate id 'I01'"),
    ("tiles.json", lambda d: d["tiles"][2].update(players=5), "'players' must be between 2 and 4"),
    ("tiles.json", lambda d: d.update(format="hashi"), "not a skylands-tiles file"),
    ("specials.json", lambda d: d["specials"][0].update(back="gold"), "back 'gold' is not one of"),
    ("specials.json", lambda d: d["specials"][0]["cost"].update(white=2), "at most one white"),
    ("specials.json", lambda d: d["specials"][2]["effect"].update(kind="teleport"), "is not a once effect"),
    ("specials.json", lambda d: d.update(specials=d["specials"][5:]),       # 3 sand left, 4 shown
     "back 'sand' has 3 special islands, the display needs 4"),
    ("setup.json", lambda d: d["inhabitants"].pop("blue"), "expected exactly green, purple, blue"),
    ("setup.json", lambda d: d["printed"][0].update(x=9), "printed 0: 'x' must be between 0 and 4"),
    ("setup.json", lambda d: d["vp_markers"]["players"]["3"].update({"5": 8}),
     "vp_markers players 3: 8 markers of 5 VP, the box holds 7"),
    ("setup.json", lambda d: d["vp_markers"]["box"].update({"x": 1}), "marker value 'x' is not"),
    ("setup.json", lambda d: d["intro_display"].__setitem__(0, "S99"), "intro_display: 'S99' is not"),
    ("setup.json", lambda d: d["intro_display"].__setitem__(0, "S09"), "4 different special islands of each"),
])
def test_broken_data_files_give_one_file_format_error(data_copy, name, change, fault):
    edit(data_copy / name, change)
    with pytest.raises(FileFormatError) as e:
        load_components(data_copy)
    assert fault in str(e.value) and name in str(e.value)


def test_missing_and_malformed_files(data_copy):
    (data_copy / "setup.json").write_text("{oops")
    with pytest.raises(FileFormatError, match="setup.json: malformed JSON at line 1"):
        load_components(data_copy)
    (data_copy / "tiles.json").unlink()
    with pytest.raises(FileFormatError, match="tiles.json: no such file"):
        load_components(data_copy)


def test_the_intro_display_is_four_of_each_back_and_replays(tmp_path):
    # "se recomiendan las 16 fichas que se muestran en la imagen de configuración como un juego
    # de introducción": our data names 16 (4 per back); GameState(intro=True) shows exactly them
    from skye_widgets.skylands.game import GameState
    c = components()
    g = GameState(3, seed=2, intro=True)
    assert g.display == list(c.intro_display) and len(g.display) == 16
    assert [c.tile(s).back for s in g.display] == [b for b in c.backs for _ in range(4)]
    assert GameState(3, seed=2).display != g.display           # the ordinary display is drawn
    again = GameState.from_dict(g.to_dict())
    assert again.intro and again.display == g.display
