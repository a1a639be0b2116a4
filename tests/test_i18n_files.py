"""Bad files in the players' languages (issue 18): the CLI's ``--lang`` and the file faults.

Three bad files — an Isle of Skye territory with an unknown tile, a Hashi ``.has`` puzzle whose
header gives a width of 0, a Skylands save that is not JSON — give one line "FILE: fault" in each
language, through the CLI (``--lang``) and through the Python API. The expected sentences are
written here by hand (not read from the catalogs). The file name and the place in the file
(``players[0].tiles[0]``, a JSON path) are not translated. Under the pseudo-language ``qps`` no
English word is left in those lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from skye_widgets.cli import language_option, main
from skye_widgets.errors import FileFormatError
from skye_widgets.hashi.puzzle import HashiPuzzle
from skye_widgets.i18n import language, set_language
from skye_widgets.skye.files import load_players
from skye_widgets.skylands.game import GameState as SkylandsGame

NB = "\u00a0"     # French puts a no-break space before ":"

# tile 999 does not exist (the landscape tiles are 1-73, plus the castles)
TERRITORY = {"players": [{"name": "Ann", "tiles": [{"tile": 999, "x": 0, "y": 0, "rotation": 0}]}]}
# the header "W H N" says a width of 0
HAS = "0 3 0\n0 0 0\n"
# a save that is not JSON: the first character is already wrong
SAVE = "not json {"

EXPECTED = {
    "en": ("players[0].tiles[0]: There is no tile 999: the tiles are 1-73 and castle-<colour>.",
           "line 1: width and height must be positive and at most 100, got 0 x 3",
           "malformed JSON at line 1, column 1: Expecting value"),
    "pt": ("players[0].tiles[0]: Não existe a peça 999: as peças são 1-73 e castle-<cor>.",
           "linha 1: a largura e a altura devem ser positivas e no máximo 100, mas são 0 x 3",
           "JSON malformado na linha 1, coluna 1: esperava-se um valor"),
    "pl": ("players[0].tiles[0]: Nie ma żetonu 999: żetony to 1-73 i castle-<kolor>.",
           "wiersz 1: szerokość i wysokość muszą być dodatnie i nie większe niż 100, a są 0 x 3",
           "błędny JSON w wierszu 1, kolumnie 1: oczekiwano wartości"),
    "fr": (f"players[0].tiles[0]: Il n’y a pas de tuile 999{NB}: les tuiles sont 1-73 et castle-<couleur>.",
           f"ligne 1{NB}: la largeur et la hauteur doivent être positives et au plus 100, pas 0 x 3",
           f"JSON mal formé à la ligne 1, colonne 1{NB}: valeur attendue"),
    "es": ("players[0].tiles[0]: No existe la loseta 999: las losetas son 1-73 y castle-<color>.",
           "línea 1: el ancho y el alto deben ser positivos y como máximo 100, pero son 0 x 3",
           "JSON mal formado en la línea 1, columna 1: se esperaba un valor"),
}


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


@pytest.fixture
def bad_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    territory, puzzle, save = tmp_path / "territory.json", tmp_path / "puzzle.has", tmp_path / "game.json"
    territory.write_text(json.dumps(TERRITORY), encoding="utf-8")
    puzzle.write_text(HAS, encoding="utf-8")
    save.write_text(SAVE, encoding="utf-8")
    return territory, puzzle, save


def cli_lines(lang: str | None, files: tuple[Path, Path, Path], capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The stderr line of each bad file through the CLI (each command exits with status 2)."""
    territory, puzzle, save = files
    head = ["--lang", lang] if lang else []
    lines = []
    for command in (["score", str(territory)], ["hashi", "solve", str(puzzle)],
                    ["skylands", "replay", str(save)]):
        assert main(head + command) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1, err
        lines.append(err.rstrip("\n"))
    return lines


def api_lines(files: tuple[Path, Path, Path]) -> list[str]:
    """The message of the FileFormatError each bad file raises through the Python API."""
    territory, puzzle, save = files
    lines = []
    for load, path in ((load_players, territory), (HashiPuzzle.load, puzzle), (SkylandsGame.load, save)):
        with pytest.raises(FileFormatError) as e:
            load(str(path))
        assert e.value.path == str(path)
        lines.append(str(e.value))
    return lines


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_cli_lang_gives_each_bad_file_one_line_in_that_language(lang, bad_files, capsys):
    before = set_language("en")
    expected = [f"skye-widgets: {path}: {fault}" for path, fault in zip(bad_files, EXPECTED[lang])]
    assert cli_lines(lang, bad_files, capsys) == expected
    assert language() == before         # the CLI gives the caller its language back


@pytest.mark.parametrize("lang", sorted(EXPECTED))
def test_python_api_gives_each_bad_file_the_fault_in_the_language_set(lang, bad_files):
    set_language(lang)
    assert api_lines(bad_files) == [f"{path}: {fault}" for path, fault in zip(bad_files, EXPECTED[lang])]


def test_cli_without_lang_speaks_the_language_already_set(bad_files, capsys):
    set_language("pl")
    assert cli_lines(None, bad_files, capsys)[1].endswith(": " + EXPECTED["pl"][1])


def test_cli_lang_equals_form_and_locale_names(bad_files, capsys):
    territory = bad_files[0]
    for option in (["--lang=pt"], ["--lang", "pt_BR.UTF-8"], ["--lang", "PT"]):
        assert main(option + ["score", str(territory)]) == 2
        assert capsys.readouterr().err == f"skye-widgets: {territory}: {EXPECTED['pt'][0]}\n"


def test_cli_unknown_language_is_one_english_line_and_exit_2(bad_files, capsys):
    set_language("pt")
    assert main(["--lang", "de", "score", str(bad_files[0])]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == "skye-widgets: --lang: there is no language 'de'; the languages are en, pt, pl, fr, es.\n"
    assert language() == "pt"


def test_cli_json_keys_stay_english_in_another_language(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"players": [{"name": "Ann", "tiles": [
        {"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0}]}]}), encoding="utf-8")
    assert main(["score", str(path), "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main(["--lang", "pl", "score", str(path), "--json"]) == 0
    polish = json.loads(capsys.readouterr().out)

    def keys(x):
        if isinstance(x, dict):
            return sorted((k, keys(v)) for k, v in x.items())
        return [keys(v) for v in x] if isinstance(x, list) else None
    assert keys(polish) == keys(english) and keys(english)


def test_main_help_is_in_the_language_asked(capsys):
    with pytest.raises(SystemExit):
        main(["--lang", "fr", "--help"])
    out = capsys.readouterr().out
    assert f"L’Île de Skye, Hashi et Skylands{NB}: comptez les points" in out
    assert "La langue des messages" in out


def test_language_option_reads_only_the_main_parser():
    assert language_option(["--lang", "es", "skylands", "replay", "x.json"]) == "es"
    assert language_option(["skylands", "replay", "--lang", "es"]) is None   # after the command: not the main option
    assert language_option(["--lang"]) is None


def english_left(line: str, path: Path) -> list[str]:
    """Plain English words in a fault line, after the parts that are never translated: the program,
    the file name and the JSON path of the place in the file."""
    rest = line.removeprefix("skye-widgets: ").removeprefix(f"{path}: ")
    rest = re.sub(r"^players\[\d+\]\.tiles\[\d+\]: ", "", rest)
    return re.findall(r"[A-Za-z]{2,}", rest)


def test_qps_no_english_word_left_in_the_fault_lines(bad_files, capsys):
    lines = cli_lines("qps", bad_files, capsys)
    set_language("qps")
    lines += api_lines(bad_files)
    for line, path in zip(lines, bad_files * 2):
        assert english_left(line, path) == [], line
    # the check finds English words when there are some
    assert english_left(f"skye-widgets: {bad_files[2]}: malformed JSON", bad_files[2]) == ["malformed", "JSON"]


# an Isle of Skye puzzle whose hand holds 80 (the landscape tiles are 1-73); the hand is checked
# before the objective, so the objective may be empty
PUZZLE_FAULT = {
    "en": "hand: 80 is not a landscape tile (1-73)",
    "pt": "hand: 80 não é uma peça de paisagem (1-73)",
    "pl": "hand: 80 to nie żeton terenu (1-73)",
    "fr": f"hand{NB}: 80 n’est pas une tuile Terrain (1-73)",
    "es": "hand: 80 no es una loseta de paisaje (1-73)",
}


@pytest.mark.parametrize("lang", sorted(PUZZLE_FAULT))
def test_skye_puzzle_file_fault_in_each_language(lang, tmp_path, capsys):
    from skye_widgets.skye.puzzles import load_problem
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps({"territory": [{"tile": "castle-blue", "x": 0, "y": 0, "rotation": 0}],
                                "hand": [80], "objective": {}}), encoding="utf-8")
    assert main(["--lang", lang, "puzzle", "solve", str(path)]) == 2
    assert capsys.readouterr().err == f"skye-widgets: {path}: {PUZZLE_FAULT[lang]}\n"
    set_language(lang)
    with pytest.raises(FileFormatError) as e:
        load_problem(path)
    assert str(e.value) == f"{path}: {PUZZLE_FAULT[lang]}"
