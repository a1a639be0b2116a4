"""The command line in the players' languages (issue 18): help, text output, usage faults, file faults.

Per language, a few lines written here by hand (not read from the catalogs): argparse's own usage
error, a bot the program does not know, a bad file, a Hashi puzzle check, a board check, a tournament's
table, a territory entry's fault. ``--json`` keys stay English in every language. Then the
missed-extraction walk: every sub-command's ``--help``, a normal run of each on a shipped file and
every usage fault that is cheap to trigger, under the pseudo-language ``qps``, fail on any English
word left outside the pseudo-language's brackets (:mod:`i18n_walk`); ``ALLOWED`` lists what may stay.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from i18n_walk import english_words, outside_brackets
from skye_widgets.cli import main
from skye_widgets.i18n import LANGUAGES, language, set_language

ROOT = Path(__file__).resolve().parents[1]
TERRITORY = str(ROOT / "tests" / "skye" / "data" / "two_players.json")
SKYE_PUZZLE = str(ROOT / "puzzles" / "skye" / "d1-farms.json")
HASHI_PUZZLE = str(ROOT / "puzzles" / "hashi" / "01_easy_1.json")
NB = "\u00a0"     # French: a no-break space before ":" and ";"


@pytest.fixture(autouse=True)
def restore_language():
    before = language()
    yield
    set_language(before)


def run(*argv: str) -> tuple[int, str, str]:
    """``skye-widgets ARGV`` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as e:          # --help, and argparse's own usage errors
            code = e.code
    return int(code or 0), out.getvalue(), err.getvalue()


# -- hand-written sentences per language -------------------------------------------------------

USAGE = {   # `score` without its FILE: argparse's own words
    "en": "usage: skye-widgets score [-h] [--json] FILE\n"
          "skye-widgets score: error: the following arguments are required: FILE\n",
    "pt": "uso: skye-widgets score [-h] [--json] FILE\n"
          "skye-widgets score: erro: os seguintes argumentos são obrigatórios: FILE\n",
    "pl": "użycie: skye-widgets score [-h] [--json] FILE\n"
          "skye-widgets score: błąd: wymagane są następujące argumenty: FILE\n",
    "fr": f"utilisation{NB}: skye-widgets score [-h] [--json] FILE\n"
          f"skye-widgets score{NB}: erreur{NB}: les arguments suivants sont obligatoires{NB}: FILE\n",
    "es": "uso: skye-widgets score [-h] [--json] FILE\n"
          "skye-widgets score: error: se requieren los siguientes argumentos: FILE\n",
}

UNKNOWN_BOT = {   # play --bots wizard
    "en": "skye-widgets play: error: unknown bot 'wizard' (choose from random, greedy, planner, strong)",
    "pt": "skye-widgets play: erro: bot desconhecido 'wizard' (escolha entre random, greedy, planner, strong)",
    "pl": "skye-widgets play: błąd: nieznany bot 'wizard' (do wyboru: random, greedy, planner, strong)",
    "fr": f"skye-widgets play{NB}: erreur{NB}: bot inconnu 'wizard' (au choix{NB}: random, greedy, planner, strong)",
    "es": "skye-widgets play: error: bot desconocido 'wizard' (elige entre random, greedy, planner, strong)",
}

SPAN = {   # play --players 7: Isle of Skye by its name in each language
    "en": "Isle of Skye is for 2-5 players, not 7",
    "pt": "Ilha de Skye é para 2-5 jogadores, não 7",
    "pl": "Wyspa Skye jest dla 2-5 graczy, nie 7",
    "fr": "Île de Skye se joue de 2 à 5 joueurs, pas 7",
    "es": "Isla de Skye es para 2-5 jugadores, no 7",
}

HASHI_CHECK = {   # 01_easy_1: 10 islands, unique, difficulty 1 after 1 search node
    "en": "valid, 10 islands, unique solution, difficulty 1 (easy; 1 search node)",
    "pt": "válido, 10 ilhas, solução única, dificuldade 1 (fácil; 1 nó de busca)",
    "pl": "poprawny, 10 wysp, jedno rozwiązanie, trudność 1 (łatwa; 1 węzeł przeszukiwania)",
    "fr": f"valide, 10 îles, solution unique, difficulté 1 (facile{NB}; 1 nœud de recherche)",
    "es": "válido, 10 islas, solución única, dificultad 1 (fácil; 1 nodo de búsqueda)",
}

BOARD = {   # skerries-a: 18 islands (4 red, 3 blue), 26 dotted lines, 3 crossings (Polish: 26 -> many, 3 -> few)
    "en": "skerries-a: Skerries (side A), 8x7 grid, 18 islands (4 red, 3 blue), 26 dotted lines, 3 crossings: OK",
    "pt": "skerries-a: Skerries (lado A), grelha 8x7, 18 ilhas (4 vermelhas, 3 azuis), 26 linhas pontilhadas, "
          "3 cruzamentos: OK",
    "pl": "skerries-a: Skerries (strona A), siatka 8x7, 18 wysp (czerwone: 4, niebieskie: 3), "
          "26 linii przerywanych, 3 skrzyżowania: OK",
    "fr": f"skerries-a{NB}: Skerries (face A), grille 8x7, 18 îles (4 rouges, 3 bleues), 26 lignes pointillées, "
          f"3 croisements{NB}: OK",
    "es": "skerries-a: Skerries (cara A), cuadrícula 8x7, 18 islas (4 rojas, 3 azules), 26 líneas de puntos, "
          "3 cruces: OK",
}

NO_PLAYER = {   # legal ... --player Zed: a fault of the file's content
    "en": "no player named 'Zed' (players: 'Ann', 'Bob')",
    "pt": "não há jogador chamado 'Zed' (jogadores: 'Ann', 'Bob')",
    "pl": "nie ma gracza o imieniu 'Zed' (gracze: 'Ann', 'Bob')",
    "fr": f"il n’y a pas de joueur nommé 'Zed' (joueurs{NB}: 'Ann', 'Bob')",
    "es": "no hay ningún jugador llamado 'Zed' (jugadores: 'Ann', 'Bob')",
}

EMPTY_TILES = {   # a territory entry without tiles
    "en": "players[0].tiles: missing or empty (a territory starts with its castle)",
    "pt": "players[0].tiles: ausente ou vazio (um território começa com o seu castelo)",
    "pl": "players[0].tiles: brak lub puste (terytorium zaczyna się od zamku)",
    "fr": f"players[0].tiles{NB}: absent ou vide (un territoire commence par son château)",
    "es": "players[0].tiles: falta o está vacío (un territorio empieza por su castillo)",
}

TOURNAMENT_HEAD = {   # 2 games: Polish "2 partie" (few), French "2 parties"
    "en": "2 games, 2 players; the entrants change seats from game to game",
    "pt": "2 partidas, 2 jogadores; os participantes trocam de lugar a cada partida",
    "pl": "2 partie, 2 graczy; uczestnicy zmieniają miejsca z partii na partię",
    "fr": f"2 parties, 2 joueurs{NB}; les participants changent de place d’une partie à l’autre",
    "es": "2 partidas, 2 jugadores; los participantes cambian de puesto de una partida a otra",
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_usage_faults_are_in_the_language_asked_for(code):
    assert run("--lang", code, "score") == (2, "", USAGE[code])
    status, out, err = run("--lang", code, "play", "--bots", "wizard")
    assert (status, out, err) == (2, "", UNKNOWN_BOT[code] + "\n")
    status, out, err = run("--lang", code, "play", "--players", "7")
    assert status == 2 and err.rstrip("\n").endswith(SPAN[code]), err


@pytest.mark.parametrize("code", LANGUAGES)
def test_text_output_is_in_the_language_asked_for(code):
    status, out, err = run("--lang", code, "hashi", "check", HASHI_PUZZLE)
    sep = f"{NB}: " if code == "fr" else ": "
    assert status == 0 and out == f"{HASHI_PUZZLE}{sep}{HASHI_CHECK[code]}\n", out
    status, out, err = run("--lang", code, "hashi", "board", "skerries-a")
    assert (status, out) == (0, BOARD[code] + "\n")
    status, out, err = run("--lang", code, "tournament", "--games", "2", "--bots", "greedy,random")
    assert status == 0 and out.startswith(TOURNAMENT_HEAD[code]), out


@pytest.mark.parametrize("code", LANGUAGES)
def test_bad_files_give_one_line_in_the_language_asked_for(code, tmp_path):
    status, out, err = run("--lang", code, "legal", TERRITORY, "--player", "Zed", "--tile", "12")
    assert (status, out, err) == (2, "", f"skye-widgets: {TERRITORY}: {NO_PLAYER[code]}\n")
    bad = tmp_path / "empty.json"
    bad.write_text(json.dumps({"players": [{"name": "Ann", "tiles": []}]}), encoding="utf-8")
    status, out, err = run("--lang", code, "score", str(bad))
    assert (status, out, err) == (2, "", f"skye-widgets: {bad}: {EMPTY_TILES[code]}\n")


def test_polish_counts_take_their_three_forms(tmp_path):
    # legal placements of tile 12 for Ann, counted by the engine; the Polish form follows the count
    status, out, _err = run("--lang", "en", "legal", TERRITORY, "--player", "Ann", "--tile", "12", "--json")
    n = len(json.loads(out))
    form = "położenie" if n == 1 else "położenia" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) \
        else "położeń"
    status, out, _err = run("--lang", "pl", "legal", TERRITORY, "--player", "Ann", "--tile", "12")
    adjective = {"położenie": "dozwolone", "położenia": "dozwolone", "położeń": "dozwolonych"}[form]
    assert status == 0 and out.startswith(f"{n} {adjective} {form} żetonu 12 dla gracza Ann: (x, y, obrót)\n"), out


JSON_COMMANDS = [
    ("score", TERRITORY, "--json"),
    ("puzzle", "check", SKYE_PUZZLE, "--json"),
    ("hashi", "check", HASHI_PUZZLE, "--json"),
    ("hashi", "board", "skerries-a", "--json"),
    ("skylands", "tournament", "--games", "2", "--bots", "greedy,random", "--json"),
]


@pytest.mark.parametrize("command", JSON_COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_json_output_is_the_same_in_every_language(command):
    outputs = {code: run("--lang", code, *command) for code in (*LANGUAGES, "qps")}
    assert all(status == 0 for status, _o, _e in outputs.values()), outputs
    english = json.loads(outputs["en"][1])
    for code, (_s, out, _e) in outputs.items():
        assert json.loads(out) == english, code


# -- the missed-extraction walk ----------------------------------------------------------------

HELP = [(), ("score",), ("legal",), ("play",), ("replay",), ("tournament",),
        ("puzzle",), ("puzzle", "solve"), ("puzzle", "check"), ("puzzle", "generate"), ("puzzle", "daily"),
        ("hashi",), ("hashi", "play"), ("hashi", "replay"), ("hashi", "tournament"), ("hashi", "board"),
        ("hashi", "solve"), ("hashi", "check"), ("hashi", "generate"), ("hashi", "daily"),
        ("skylands",), ("skylands", "play"), ("skylands", "replay"), ("skylands", "tournament"),
        ("lessons",), ("lab",), ("rooms",), ("rooms", "serve"), ("rooms", "open")]

COMMANDS = ("score|legal|play|replay|tournament|puzzle|hashi|skylands|solve|check|generate|daily|board|lessons|lab"
            "|rooms|serve|open")

#: What may stay English outside the brackets: pattern -> why. Only identifiers: the engines' texts the
#: CLI prints (a game's log, score breakdowns, explanations, scoring tiles' names) are either inside a
#: bracketed CLI sentence here or printed by the commands of test_the_engines_texts_aside_every_cli_line_is_marked.
ALLOWED = {
    # identifiers: the program, its commands and options, argparse's metavars and choices
    rf"skye-widgets(?: (?:{COMMANDS}))*": "the program and its sub-commands (typed as they are)",
    rf"(?m)^    (?:{COMMANDS})\b": "a sub-command's name in the list of --help",
    r"(?<![\w-])--?[a-z][a-z-]*": "an option (--json, -h)",
    r"\b[A-Z][A-Z-]{1,}\b|YYYY-MM-DD": "a metavar (FILE, COMMAND, LANG)",
    r"\bfile\b(?= |\n|$)": "the name of a positional argument (argparse prints its dest)",
    r"\{[a-z0-9,]+\}": "argparse's choices ({beginner,advanced})",
    r"(?:/[\w.-]+)+\.(?:json|has)\b": "file names",
}


def walk_runs(tmp: Path) -> list[tuple[str, ...]]:
    """Every command path: each --help, a normal run of each command on a shipped file, each cheap fault."""
    runs = [(*h, "--help") for h in HELP]
    runs += [
        ("legal", TERRITORY, "--player", "Ann", "--tile", "12"),
        ("legal", TERRITORY, "--player", "Ann", "--tile", "castle-red"),
        ("tournament", "--games", "2", "--bots", "greedy,random"),
        ("puzzle", "check", SKYE_PUZZLE),
        ("puzzle", "generate", "--seed", "1", "--difficulty", "1", "--out", str(tmp / "p.json")),
        ("puzzle", "daily", "--date", "2026-11-25", "--out", str(tmp / "d.json")),
        ("hashi", "tournament", "--games", "2"),
        ("hashi", "board", "skerries-a"),
        ("hashi", "solve", HASHI_PUZZLE),
        ("hashi", "check", HASHI_PUZZLE),
        ("hashi", "generate", "--seed", "1", "--difficulty", "1", "--out", str(tmp / "g.json")),
        ("hashi", "generate", "--seed", "1", "--difficulty", "1"),
        ("hashi", "daily", "--date", "2026-11-25", "--out", str(tmp / "h.has")),
        ("skylands", "tournament", "--games", "2", "--bots", "greedy,random"),
        # faults: argparse's and the sub-commands' own
        (), ("play", "--bogus"), ("score",), ("play", "--players", "x"), ("play", "--seed", "1e99"),
        ("puzzle", "generate", "--seed", "1", "--difficulty", "9", "--out", "x"), ("hashi", "play", "--players", "7"),
        ("skylands", "play", "--side", "nope"), ("nocommand",), ("play", "--bo", "x", "--bots", "y"),
        ("play", "--bots", "wizard"), ("play", "--players", "9"), ("play", "--bots", "greedy,random", "--players", "3"),
        ("play", "--scoring", "1,2"), ("play", "--scoring", "a"), ("tournament", "--bots", "wizard"),
        ("legal", TERRITORY, "--player", "Zed", "--tile", "12"),
        ("puzzle", "generate", "--seed", "1", "--difficulty", "1", "--subject", "0", "--out", str(tmp / "x.json")),
        ("hashi", "play", "--bots", "wizard"), ("hashi", "play", "--players", "3", "--bots", "greedy,random"),
        ("hashi", "tournament", "--bots", "greedy,greedy,greedy,greedy,greedy"), ("hashi", "tournament", "--bots", ","),
        ("skylands", "play", "--bots", "wizard"), ("skylands", "tournament", "--bots", "greedy"),
        ("skylands", "tournament", "--games", "0"),
        ("lessons", str(tmp / "lessons")), ("lessons", str(tmp / "lessons")), ("lessons", TERRITORY),
    ]
    return runs


def test_every_cli_text_is_marked_for_translation(tmp_path):
    """Under qps no English word is left outside the brackets (a text nobody marked), but for ALLOWED."""
    used: set[str] = set()
    english = []
    for argv in walk_runs(tmp_path):
        status, out, err = run("--lang", "qps", *argv)
        for text in (out, err):
            english += [f"{' '.join(argv)}: {t!r}" for t in english_words([text], ALLOWED, used)]
    assert not english, "\n".join(english)


def test_the_engines_texts_aside_every_cli_line_is_marked(tmp_path):
    """play, replay (all three games), score and puzzle solve print the engines' texts (the log, the
    breakdowns: C1's and C2's); here only the CLI's own lines are checked: each is bracketed."""
    runs = {
        "skye play": (("play", "--players", "2", "--bots", "greedy", "--explain", "--save", str(tmp_path / "s.json")),
                      ("Result:", "<- winner", "Saved to", "why:")),
        "skye replay": (("replay", str(tmp_path / "s.json"), "--step", "5"), ("Result:",)),
        "hashi play": (("hashi", "play", "--explain", "--save", str(tmp_path / "h.json")),
                       ("Moves:", "why:", "Hashi on", "Winner:", "Rank:")),
        "hashi replay": (("hashi", "replay", str(tmp_path / "h.json")), ("Hashi on", "Winner:")),
        "skylands play": (("skylands", "play", "--bots", "greedy,random", "--explain", "--save",
                           str(tmp_path / "k.json")), ("why:", "game over after", "winner:")),
        "skylands replay": (("skylands", "replay", str(tmp_path / "k.json")), ("game over after", "winner:")),
        "score": (("score", TERRITORY), ("gold (1 VP per 5)", "income (base)")),
        "puzzle solve": (("puzzle", "solve", SKYE_PUZZLE), ("greedy placement", "optimal final")),
    }
    for name, (argv, own) in runs.items():          # in this order: each play writes the save its replay reads
        status, out, _err = run("--lang", "en", *argv)
        assert status == 0 and all(w in out for w in own), (name, out)     # the CLI's own words are there...
        status, out, _err = run("--lang", "qps", *argv)
        left = [w for w in own if w in outside_brackets(out)]
        assert status == 0 and not left, (name, left)                       # ...and under qps inside brackets


def test_the_walk_finds_english_when_it_is_there(tmp_path):
    """The walk can fail: in English (no brackets) every run leaves English words."""
    for argv in walk_runs(tmp_path)[:3] + [("play", "--bots", "wizard")]:
        _status, out, err = run("--lang", "en", *argv)
        assert english_words([out + err], ALLOWED), argv


def test_every_allowed_pattern_is_still_needed(tmp_path):
    used: set[str] = set()
    for argv in walk_runs(tmp_path):
        _status, out, err = run("--lang", "qps", *argv)
        english_words([out, err], ALLOWED, used)
    assert set(ALLOWED) - used == set()
