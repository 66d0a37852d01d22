"""`rulebook play BOOK`: a game against the book's own rules engine, read and written as
plain lines (issue 35, first step): the table as the engine describes it, the legal actions
numbered in words and in the book's notation, each move told as a worked example tells its
step, a refused move refused as the book refuses it with the section that states the rule,
`undo`, `quit`, and the end in the book's words."""

from __future__ import annotations

import io
import re

import pytest

from generator.cli import main
from generator.content.loader import load_book
from generator.content.model import title_for
from generator.errors import IllegalAction
from generator.examples.replay import adapter_for, check_book
from generator.play import dealer
from generator.simulate.engines import play as simulated
from repo import CONTENT_ROOT

SOLO = CONTENT_ROOT / "solo-catan"
SPLENDOR = CONTENT_ROOT / "splendor-solitario"
pytestmark = pytest.mark.usefixtures("unbuilt")


@pytest.fixture
def unbuilt(tmp_path, monkeypatch) -> None:
    """No build to cite pages from (tests/books/test_play_citations.py has one): the
    project's output folder, which a developer may have built into, is not read."""
    monkeypatch.setattr("generator.build.built_pages", lambda book, output: {})


def _play(capsys, monkeypatch, book, typed: str, *options: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(["play", str(book), *options])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def _tables(text: str) -> list[str]:
    """Each table printed: its lines from the first of the position to the last action."""
    return re.findall(r"\n\n(Mano: .*?)\n> ", text, flags=re.S)


def test_a_whole_game_is_played_to_its_end_in_the_books_words(capsys, monkeypatch):
    """Seed 7, always the first action listed: every move told (the draws too), and the end
    said as the difficulty report says it."""
    code, said = _play(capsys, monkeypatch, SOLO, "1\n" * 500, "--seed", "7")
    assert code == 0 and "Traceback" not in said
    assert said.startswith("Catán – El juego de cartas: una partida de la semilla 7.")
    assert "\nObjetivo: 20 puntos.\n" in said
    assert "\n  1. Colocas la madera y empiezas una carretera  [start lumber road]\n" in said
    assert "> Colocas la madera y empiezas una carretera. Robas un trigo: no coincide.\n" in said
    end = re.search(r"\n(Ganas|Pierdes): [^·\n]+ · \d+ puntos? · \d+ turnos?\.\n"
                    r"undo deshace tu última jugada; quit sale\.\n", said)
    assert end, said[-300:]  # it ended before the input did; a learner may take it back
    after = said[end.end():].split("> ")[1:]
    assert after and set(after) <= {"La partida ha terminado: undo deshace tu última jugada; "
                                     "quit sale.\n", ""}, after[:3]


def test_a_refused_move_cites_its_section_and_changes_nothing(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "market ore ore\nundo\nquit\n",
                       "--seed", "7")
    assert code == 0
    assert "> × No puedes cambiar la piedra de tu mano por la piedra del mercado: no tienes " \
           "piedra en la mano (véase «Comercio»).\n  Comercias cuando quieras salvo " \
           "mientras rellenas la mano:" in said  # why, then the rule as the section states it
    assert "> No hay jugada que deshacer.\n" in said  # the refusal was no move
    assert said.rstrip().endswith("Partida dejada en el turno 0.")


def test_undo_takes_the_move_back_to_the_same_table(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "1\nundo\nquit\n", "--seed", "7")
    first, after_move, after_undo = _tables(said)
    assert after_undo == first != after_move
    assert "> Jugada deshecha.\n" in said


def test_a_hint_names_the_strong_players_move_and_plays_nothing(capsys, monkeypatch):
    """The solo engine's hint is its strong player (it sees no hidden card): its choice, by
    number and in words, and why in one line (its trial games: how many, won, points);
    nothing is played (undo has nothing to take back)."""
    code, said = _play(capsys, monkeypatch, SOLO, "hint\nundo\nquit\n", "--seed", "7")
    hint = re.search(r"> El jugador strong jugaría la (\d+): (.+)  \[(.+)\]\n  en (\d+) "
                     r"partidas de prueba desde aquí, .*, ganó (\d+) y llegó a [\d,]+ puntos "
                     r"de media; sopesó (\d+) jugadas\.\n", said)
    assert code == 0 and hint, said[-500:]
    assert int(hint.group(5)) <= int(hint.group(4)) and int(hint.group(6)) > 1
    listed = re.search(rf"\n +{hint.group(1)}\. {re.escape(hint.group(2))}  "
                       rf"\[{re.escape(hint.group(3))}\]\n", said)
    assert listed  # one of the legal actions, as listed
    assert "> No hay jugada que deshacer.\n" in said


def test_rules_reads_the_section_of_the_last_refusal_or_of_a_topic(capsys, monkeypatch):
    """`rules` alone after a refusal reads the section that refused it; `rules WORDS` the
    first section whose title holds them (accents and case aside), a numbered list numbered;
    words that name none list the player's book's sections (not the dossier's)."""
    code, said = _play(capsys, monkeypatch, SOLO,
                       "market ore ore\nrules\nrules TURNO\nrules xyzzy\nquit\n", "--seed", "7")
    assert code == 0
    assert "> COMERCIO\nComercias cuando quieras salvo mientras rellenas la mano: una carta " \
           "por una del mercado" in said
    assert "\n- Con el mercado. Cambia una carta de tu mano por una del mercado" in said
    assert "> EL TURNO\nCada turno colocas una carta de tu mano en la serie histórica" in said
    assert "\n1. Coloca una carta de tu mano al final de la serie histórica" in said
    sections = re.search(r"> Ninguna sección se llama «xyzzy». Secciones: (.*)\.\n",
                         said).group(1).split("; ")
    assert sections[:3] == ["Introducción", "Cómo leer este libro", "Componentes y preparación"]
    assert not any("original" in title for title in sections)  # the dossier's appendix
    code, said = _play(capsys, monkeypatch, SOLO, "rules R1\nrules foo\nrules carta suelta\n"
                       "quit\n", "--seed", "7")
    assert "> R01. " in said and "> R10. " not in said  # a ruling's number, zeros aside
    assert "> Ninguna sección se llama «foo»." in said  # no knight «on foot» for it
    assert "> CARTAS SUELTAS\n" in said  # every word, in the title's words or their start


def test_a_saved_game_goes_on_where_it_was_left(capsys, monkeypatch, tmp_path):
    """`save FILE` keeps the seed and the moves; `--load FILE` deals the same game, plays
    them and shows the same table (and `undo` takes back a loaded move too)."""
    saved = tmp_path / "game.yaml"
    code, said = _play(capsys, monkeypatch, SOLO, f"1\n2\nsave {saved}\nquit\n",
                       "--seed", "7")
    assert code == 0 and f"> Guardada en {saved}: 2 jugadas.\n" in said
    left = _tables(said)[-1]
    code, said = _play(capsys, monkeypatch, SOLO, "undo\nquit\n", "--load", str(saved))
    assert code == 0 and said.startswith("Catán – El juego de cartas: una partida de la "
                                         "semilla 7.")
    assert _tables(said)[0] == left and "> Jugada deshecha.\n" in said


def test_save_never_replaces_a_file_it_did_not_write(capsys, monkeypatch, tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    code, said = _play(capsys, monkeypatch, SOLO, f"1\nsave {notes}\nquit\n", "--seed", "7")
    assert f"> {notes} ya existe y no es una partida guardada: no se ha escrito nada; " \
           "elige otro nombre.\n" in said
    assert notes.read_text(encoding="utf-8") == "my notes"


def _saved(folder, moves: list[str]):
    file = folder / "edited.yaml"
    file.write_text("# rulebook play: a saved game\nbook: solo-catan\nlanguage: es\nseed: 7\n"
                    "moves: [" + ", ".join(moves) + "]\n", encoding="utf-8")
    return file


def test_loading_what_is_not_a_saved_game_of_the_book_is_one_line(capsys, monkeypatch,
                                                                   tmp_path):
    other = tmp_path / "other.yaml"
    other.write_text("# rulebook play: a saved game\nbook: splendor-solitario\n"
                     "language: es\nseed: 3\nmoves: []\n", encoding="utf-8")
    for file, pattern in ((other, r"a game of splendor-solitario \(es\); expected a file "
                                  r"`save` wrote in a game of solo-catan"),
                          (tmp_path / "none.yaml", r"No such file"),
                          (SOLO / "book.yaml", r"not a saved game"),
                          (_saved(tmp_path, ["start lumber road", "start ore city"]),
                           r"--load: move 2 of the saved game, 'start ore city', is not one "
                           r"the game allows there")):
        code, said = _play(capsys, monkeypatch, SOLO, "quit\n", "--load", str(file))
        assert code == 2 and said.count("\n") == 1 and re.search(pattern, said), said


def test_a_number_or_words_that_name_no_action_are_said_and_asked_again(capsys,
                                                                        monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "99\nflip the table\n", "--seed", "7")
    assert code == 0
    assert "«99» no es un número del 1 al 7 ni una acción en la notación del libro. help da " \
           "la lista de órdenes." in said
    assert "«flip the table» no es un número del 1 al 7" in said
    assert len(_tables(said)) == 1  # the table is not printed again for a mistyped line


def test_the_english_edition_and_another_engine_play(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "1\nquit\n", "--seed", "7", "--lang", "en")
    assert code == 0 and "\nHand: lumber, grain, lumber, wool and brick\n" in said
    assert "> You place the lumber and start a road." in said
    code, said = _play(capsys, monkeypatch, CONTENT_ROOT / "splendor-solitario", "1\nquit\n",
                       "--seed", "3")
    assert code == 0 and "\n  1. Toma 1 diamante, 1 zafiro y 1 esmeralda  " \
                         "[take white blue green]\n" in said


def test_a_book_of_titles_names_them_at_the_start_and_gives_one_at_the_end(capsys,
                                                                        monkeypatch):
    """Splendor's book never speaks of winning: its final points give a title. The game's
    moves are greedy's on the same seed, typed in the notation."""
    book = load_book(SPLENDOR)
    moves: list[str] = []
    simulated(dealer(book, adapter_for(book)), 3, "greedy", moves)
    typed = "".join(move.split("  →")[0] + "\n" for move in moves)  # the log notes points
    code, said = _play(capsys, monkeypatch, SPLENDOR, typed, "--seed", "3")
    assert code == 0 and "\nAl final, tus puntos te dan un título, de Trabajador a " \
                         "Maestro.\n" in said
    end = re.search(r"\nFin de la partida: [^·\n]+ · (\d+) puntos?: ([^·\n]+) · \d+ "
                    r"turnos?\.\n", said)
    assert end, said[-300:]
    assert end.group(2) == title_for(book.scores, int(end.group(1)))
    assert not re.search(r"\n(Ganas|Pierdes):", said)


@pytest.mark.parametrize("folder", [SOLO, SPLENDOR], ids=lambda f: f.name)
def test_every_refusal_the_examples_show_says_why_in_the_books_language(folder):
    """Each refusal code a worked example or scenario shows has the engine's words for why
    (`Reasons.refused_because`), in Spanish: «No puedes …: te faltan 2 ónices»."""
    replays = check_book(load_book(folder))
    said = {}
    for replay in replays:
        for frame in replay.frames:
            if frame.rejected:
                game = replay.adapter.copy(frame.game)
                with pytest.raises(IllegalAction) as refusal:
                    game.push(frame.action)
                said[frame.rejected] = replay.adapter.refused_because(frame.game, refusal.value)
    assert len(said) >= 7
    for code, because in said.items():
        assert because and not re.search(r"\b(you|the|is|are)\b", because), (code, because)


def test_the_notation_reads_the_books_names_for_its_components(capsys, monkeypatch):
    """A player types what the table shows: «diamante», «Trigo», «CIUDAD» are the
    notation's white, grain and city (accents and case aside)."""
    code, said = _play(capsys, monkeypatch, SPLENDOR, "take diamante Zafiro ESMERALDA\nquit\n",
                       "--seed", "3")
    assert "> Tomas 1 diamante, 1 zafiro y 1 esmeralda.\n" in said
    code, said = _play(capsys, monkeypatch, SOLO, "start Trigo CIUDAD\nquit\n", "--seed", "7")
    assert "> Colocas el trigo y empiezas una ciudad." in said


def test_a_rule_that_opens_a_list_is_quoted_with_its_list(capsys, monkeypatch):
    """«Después de tu acción, y sin que cuente como otra:» says nothing alone: the steps it
    introduces follow it (Splendor, 12 gems after a take: why giving one back is allowed)."""
    code, said = _play(capsys, monkeypatch, SPLENDOR, "take white blue green\ntake red black "
                       "white\ntake white blue green\ntake red black blue\nwhy 1\nquit\n",
                       "--seed", "3")
    assert "(véase «Al final del turno»).\n  Después de tu acción, y sin que cuente como " \
           "otra:\n  1. Límite: si tienes más de 10 fichas" in said
    assert "\n  2. Nobles: si tus bonificaciones llegan" in said


def test_a_take_of_too_few_colours_says_how_many_the_bank_has():
    """R04: with gems of two colours left, one of each; the reason counts them."""
    book = load_book(SPLENDOR)
    engine = adapter_for(book)
    game = engine.random_start(3)
    for colour in ("white", "blue", "green"):
        game.bank[colour] = 0
    with pytest.raises(IllegalAction) as refusal:
        game.push(engine.parse("take red"))
    assert engine.refused_because(game, refusal.value) == \
        "el banco solo tiene fichas de 2 colores: toma una de cada uno"


def test_a_refusal_says_what_is_missing(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SPLENDOR, "take white white blue\nbuy "
                       "diamante-real\ntake red\nquit\n", "--seed", "3")
    assert "> × No puedes tomar 2 diamantes y 1 zafiro: nunca dos fichas del mismo color " \
           "(véase «Tomar fichas»).\n  Toma 3 fichas de colores distintos" in said
    # never payable by gems alone: only 3 of a colour are in play
    assert "> × No puedes comprar la gema especial de diamante (cuesta 3 diamantes y 7 " \
           "ónices): solo hay 3 ónices en juego: antes necesitas 4 bonificaciones más de " \
           "ónice (véase «Comprar una carta»).\n" in said
    assert "> × No puedes tomar 1 rubí: toma 3 de colores distintos (véase «Tomar " \
           "fichas»).\n" in said


def test_the_last_move_of_an_ended_game_can_be_taken_back(capsys, monkeypatch):
    """A learner who lost on a move tries another: after the end, `undo` brings the table
    back with its actions; anything else is answered, and the end of the input leaves
    without a second farewell."""
    book = load_book(SPLENDOR)
    moves: list[str] = []
    simulated(dealer(book, adapter_for(book)), 3, "greedy", moves)
    typed = "".join(move.split("  →")[0] + "\n" for move in moves)
    code, said = _play(capsys, monkeypatch, SPLENDOR, typed + "hint\nundo\n", "--seed", "3")
    assert code == 0
    over = said.index("\nFin de la partida: ")
    assert "> La partida ha terminado: undo deshace tu última jugada; quit sale.\n" in said[over:]
    assert "> Jugada deshecha.\n" in said[over:]
    assert re.search(r"\n  1\. .*\[", said[said.index("> Jugada deshecha."):])  # actions again
    assert "Partida dejada en el turno" in said[over:]  # left when the input ends, mid-game


def test_a_book_whose_engine_cannot_deal_a_game_is_one_line(capsys, monkeypatch, tiny_book):
    code, said = _play(capsys, monkeypatch, CONTENT_ROOT / "catan-base", "")
    assert code == 1 and said.strip().count("\n") == 0, said
    assert "no simulator for engine 'costs': it cannot play whole games alone" in said
    code, said = _play(capsys, monkeypatch, tiny_book, "")
    assert code == 1 and "no rules engine (book.yaml names no engine:)" in said, said


def test_a_deal_of_the_stored_runs_is_played_by_its_number(capsys, monkeypatch):
    """`--deal N`: the N-th deal of difficulty.yaml's runs (all of one run seed: the same
    deals in the same order), the game the difficulty figures counted."""
    from repo import shipped
    seed = max(shipped("solo-catan").difficulty.own_runs,
               key=lambda run: len(run.records)).records[2].seed
    code, said = _play(capsys, monkeypatch, SOLO, "quit\n", "--deal", "3")
    assert code == 0, said
    assert said.startswith(f"Reparto 3 de las partidas guardadas (semilla {seed}).\n"
                           f"Catán – El juego de cartas: una partida de la semilla {seed}.")


def test_a_challenge_is_a_deal_the_clairvoyant_won_and_every_fair_player_lost(capsys,
                                                                              monkeypatch):
    """`--challenge`: of the deals every stored fair player played (greedy, expert, strong
    by the book's rules), one they all lost and the clairvoyant won; `--seed` picks which,
    and the line says how to play it again."""
    from repo import shipped
    runs = shipped("solo-catan").difficulty.own_runs
    fair = [run for run in runs if run.player != "clairvoyant"]
    lost = set.intersection(*({line.seed for line in run.records if not line.won}
                              for run in fair))
    won = {line.seed for run in runs if run.player == "clairvoyant"
           for line in run.records if line.won}
    challenges = lost & won
    assert challenges  # the stored runs hold one at least
    code, said = _play(capsys, monkeypatch, SOLO, "quit\n", "--challenge", "--seed", "5",
                       "--lang", "en")
    assert code == 0, said
    found = re.match(r"A challenge: deal (\d+) of the stored runs \(seed (\d+)\), which the "
                     r"clairvoyant player won and greedy, expert and strong lost\. ", said)
    assert found and int(found.group(2)) in challenges, said[:300]
    assert f"a game from seed {found.group(2)}." in said
    again = _play(capsys, monkeypatch, SOLO, "quit\n", "--deal", found.group(1))[1]
    assert f"(semilla {found.group(2)})" in again.splitlines()[0]


@pytest.mark.parametrize("options, message", [
    (["--deal", "401"], r"--deal 401: the stored runs deal games 1 to 400; expected one of "
                        r"them"),
    (["--deal", "0"], r"--deal: .*expected"),
    (["--deal", "3", "--seed", "4"], r"--deal N names its deal, --seed another"),
    (["--deal", "3", "--challenge"], r"not allowed with argument --deal"),
    (["--load", "saved.txt", "--deal", "3"], r"--load goes on with a saved game, whose deal "
                                             r"it holds; expected it without --seed"),
])
def test_a_deal_that_cannot_be_played_is_one_line(options, message, capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "quit\n", *options)
    assert code == 2 and "Traceback" not in said
    assert len(said.strip().splitlines()) == 1 and re.search(message, said), said


def test_a_book_without_stored_runs_has_no_deal_to_offer(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, CONTENT_ROOT / "splendor-solitario", "quit\n",
                       "--challenge")
    assert code == 2 and said.strip() == (
        "error: --challenge: splendor-solitario has no stored runs; expected a book with a "
        "difficulty.yaml (rulebook simulate splendor-solitario --save)")


# --- a played line recorded as a worked example ----------------------------------------------

@pytest.fixture
def splendor_copy(tmp_path):
    """The Splendor book in a project of its own, to record examples into."""
    import shutil
    for name in ("splendor-solitario", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, tmp_path / "content" / name)
    return tmp_path / "content" / "splendor-solitario"


def test_a_recorded_segment_is_an_example_check_replays_and_the_book_prints(
        capsys, monkeypatch, splendor_copy, tmp_path):
    """`--record FILE`, `mark` after 3 moves, `stop` after 10 more: the file is a worked
    example of the book's format (deal: the seed and the 3 moves before; the 10 steps; the
    last checked and drawn), which check replays unchanged and build prints when a chapter
    shows it."""
    from pdfread import page_words
    record = splendor_copy / "examples" / "06-grabada.yaml"
    code, said = _play(capsys, monkeypatch, splendor_copy,
                       "1\n1\n1\nmark\n" + "1\n" * 10 + "stop\n1\nquit\n", "--seed", "7",
                       "--record", str(record))
    assert code == 0 and "> La grabación empieza aquí, tras la jugada 3.\n" in said
    assert f"> {record}: 10 jugadas grabadas como ejemplo. En la carpeta examples/ " in said
    import yaml
    example = yaml.safe_load(record.read_text(encoding="utf-8"))
    assert example["id"] == "06-grabada" and example["deal"]["seed"] == 7
    assert len(example["deal"]["moves"]) == 3 and len(example["steps"]) == 10
    assert set(example["steps"][-1]) == {"do", "expect", "show"}
    assert example["title"] == "Jugadas 4 a 13 de la partida de la semilla 7"
    with open(splendor_copy / "chapters" / "01-reglas.md", "a", encoding="utf-8") as chapter:
        chapter.write('\n{{ example("06-grabada") }}\n')
    assert main(["check", str(splendor_copy)]) == 0, capsys.readouterr()
    out = tmp_path / "out"
    assert main(["build", str(splendor_copy), "--output", str(out)]) == 0
    text = " ".join(page_words(out / "splendor-solitario" / "splendor-solitario.pdf"))
    assert "Ejemplo 6 · Jugadas 4 a 13 de la partida de la semilla 7" in text


def test_a_recorded_examples_id_keeps_its_accented_letters(capsys, monkeypatch, tmp_path):
    """A newcomer's «06-compra-rápida.yaml» was id `06-compra-r-pida`."""
    import yaml
    record = tmp_path / "06-Compra Rápida.yaml"
    code, said = _play(capsys, monkeypatch, SOLO, "1\nstop\nquit\n", "--seed", "7",
                       "--record", str(record))
    assert code == 0
    assert yaml.safe_load(record.read_text(encoding="utf-8"))["id"] == "06-compra-rapida"


def test_record_never_replaces_a_file_it_did_not_write_and_needs_a_move(
        capsys, monkeypatch, tmp_path):
    notes = tmp_path / "notes.yaml"
    notes.write_text("mine", encoding="utf-8")
    code, said = _play(capsys, monkeypatch, SOLO, "1\nstop\nquit\n", "--seed", "7",
                       "--record", str(notes))
    # refused before the deal, as a bad --load is: no game played for nothing
    assert code == 2 and said.count("\n") == 1 and f"--record {notes}: there already" in said
    assert notes.read_text(encoding="utf-8") == "mine"
    code, said = _play(capsys, monkeypatch, SOLO, "quit\n", "--seed", "7",
                       "--record", str(tmp_path))
    assert code == 2 and "not an example --record wrote" in said
    fresh = tmp_path / "fresh.yaml"
    code, said = _play(capsys, monkeypatch, SOLO, "mark\nstop\nquit\n", "--seed", "7",
                       "--record", str(fresh))
    assert f"> Ninguna jugada que grabar: {fresh} no se escribe.\n" in said
    assert not fresh.exists()
    code, said = _play(capsys, monkeypatch, SOLO, "mark\nquit\n", "--seed", "7")
    assert "> No se está grabando: empieza la partida con --record ARCHIVO.\n" in said


DEALT = """id: dealt
title: Dealt
section: reglas
summary: A dealt game.
deal:
  seed: 7
  moves: [{moves}]
steps:
  - do: take white blue green
"""


@pytest.mark.parametrize("moves, extra, where, message", [
    ("buy 9-99", "", r"deal\.moves\[0\]", r"move 1 of the deal, 'buy 9-99', is refused"),
    ("dance", "", r"deal\.moves\[0\]", r"dance"),
    ("", "start: {}\n", None, r"from `deal:` \(a dealt game\) or from `start:`"),
])
def test_a_dealt_start_that_cannot_be_dealt_is_one_located_line(moves, extra, where, message,
                                                                 splendor_copy, capsys):
    file = splendor_copy / "scenarios" / "05-dealt.yaml"
    file.write_text(DEALT.format(moves=moves) + extra, encoding="utf-8")
    conformance = splendor_copy / "conformance.yaml"
    conformance.write_text(conformance.read_text(encoding="utf-8").replace(
        "checks: [titulos]", "checks: [titulos, dealt]", 1), encoding="utf-8")
    code = main(["check", str(splendor_copy)])
    said = " ".join(capsys.readouterr().err.split())
    assert code == 1 and "Traceback" not in said
    place = r"05-dealt\.yaml:\d+" + (r" \(" + where if where else "")
    assert re.search(place + r".*" + message, said), said


def test_a_dealt_start_needs_an_engine_that_deals(tmp_path, capsys):
    import shutil
    for name in ("catan-base", "_facts"):
        shutil.copytree(CONTENT_ROOT / name, tmp_path / "content" / name)
    book = tmp_path / "content" / "catan-base"
    file = book / "examples" / "01-poblado.yaml"
    text = file.read_text(encoding="utf-8")
    start = text.index("start:")
    end = text.index("steps:")
    file.write_text(text[:start] + "deal: {seed: 1}\n" + text[end:], encoding="utf-8")
    code = main(["check", str(book)])
    said = " ".join(capsys.readouterr().err.split())
    assert code == 1 and re.search(r"01-poblado\.yaml:\d+ \(deal\): this book's engine cannot "
                                   r"deal a whole game", said), said


def test_why_names_the_rule_that_allows_a_listed_action(capsys, monkeypatch):
    """`why N`: the section that allows action N, its ruling, and the rule as that section
    states it first; an action the rules refuse is refused as when played; a bare `why`
    asks which."""
    code, said = _play(capsys, monkeypatch, SOLO, "why 1\nwhy market ore ore\nwhy\nquit\n",
                       "--seed", "7")
    assert code == 0
    assert "> ✓ Colocas la madera y empiezas una carretera: se puede (véase «Empezar una " \
           "serie»).\n  Solo se empieza una serie de construcción con el primer recurso" in said
    assert "> × No puedes cambiar la piedra de tu mano por la piedra del mercado: no tienes " \
           "piedra en la mano (véase «Comercio»).\n" in said
    assert "> Di qué acción: why y su número, del 1 al 7, o su notación.\n" in said
    code, said = _play(capsys, monkeypatch, CONTENT_ROOT / "splendor-solitario",
                       "why 1\nquit\n", "--seed", "3")
    assert "> ✓ Toma 1 diamante, 1 zafiro y 1 esmeralda: se puede (véase «Tomar fichas»)." \
           "\n  Toma 3 fichas de colores distintos del banco" in said


def test_every_legal_action_of_a_game_is_allowed_by_a_section_the_book_has():
    """The sections `allowed_by` names exist in the book, for every action a played game
    offers (solo seed 7 and Splendor seed 3, each action listed at each position of the
    game the first listed action plays), and so do its rulings."""
    from generator.examples.protocol import simulation_of
    for slug, seed in (("solo-catan", 7), ("splendor-solitario", 3)):
        book = load_book(CONTENT_ROOT / slug)
        engine = adapter_for(book)
        game = simulation_of(engine)({}, None).random_start(seed)
        rulings = {r.id for r in book.rulings}
        named = set()
        for _ in range(300):
            actions = game.legal_actions()
            if not actions:
                break
            for action in actions:
                section, ruling = engine.allowed_by(game, action)
                assert section in book.anchors and (ruling is None or ruling in rulings), \
                    (slug, str(action), section, ruling)
                named.add(section)
            game.push(actions[0])
        assert len(named) >= 2, (slug, named)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_styles_and_plain_gets_the_same_words_without():
    """On a terminal the table's names are bold and a refusal red (rich); `--plain` (or a
    pipe) writes the same characters without a single escape."""
    from generator.content.loader import load_book
    from generator.play import play
    book = load_book(SOLO)
    screens = {}
    for plain in (False, True):
        screen = _Terminal()
        assert play(book, 7, io.StringIO("market ore ore\nquit\n"), screen, {},
                    plain=plain) == 0
        screens[plain] = screen.getvalue()
    assert "\x1b[1mMano:\x1b[0m madera" in screens[False]
    assert "\x1b[31m× No puedes cambiar la piedra" in screens[False]
    assert "\x1b" not in screens[True]
    assert re.sub(r"\x1b\[[0-9;]*m", "", screens[False]) == screens[True]


def test_splendors_hint_says_why_too(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, CONTENT_ROOT / "splendor-solitario", "hint\nquit\n",
                       "--seed", "3")
    assert code == 0 and re.search(r"> El jugador greedy jugaría la \d+: .*\]\n  (toma|compra|"
                                   r"devuelve) .*(busca|buscaba|faltan)[^\n]*\.\n", said), said


def test_rules_reads_each_sections_own_text_in_every_book():
    """`rules`, `why` and a refusal read a section's text: its own (an h3 is a section too,
    and an h2 keeps its h3s' text), never the next one's; no section of any shipped book
    fails to read (the Splendor book's last sections raised, its h3s read their
    neighbours', a newcomer found: review of 2026-12-07)."""
    from generator.content.loader import load_book
    from generator.play import section_lines
    from repo import book_folders
    for folder in book_folders():
        book = load_book(folder)
        for chapter in book.chapters:
            for anchor, _ in chapter.sections:
                section_lines(book, anchor)
    splendor = load_book(CONTENT_ROOT / "splendor-solitario")
    first = {anchor: (section_lines(splendor, anchor) or [""])[0]
             for chapter in splendor.chapters for anchor, _ in chapter.sections}
    assert first["tomar-fichas"].startswith("Toma 3 fichas de colores distintos")
    assert first["comprar-una-carta"].startswith("Compra una carta de una fila")
    assert first["final-del-turno"].startswith("Después de tu acción")
    assert first["puntuacion"].startswith("Suma los puntos de tus cartas")
    assert any("Toma 3 fichas" in line for line in section_lines(splendor, "turno"))


def test_a_recorded_example_edited_since_is_never_recorded_over(capsys, monkeypatch,
                                                               tmp_path):
    record = tmp_path / "mine.yaml"
    code, said = _play(capsys, monkeypatch, SOLO, "1\nstop\nquit\n", "--seed", "7",
                       "--record", str(record))
    assert code == 0 and record.exists()
    # untouched: recorded over at will
    code, said = _play(capsys, monkeypatch, SOLO, "1\n1\nstop\nquit\n", "--seed", "7",
                       "--record", str(record))
    assert code == 0 and "2 jugadas grabadas" in said
    edited = record.read_text(encoding="utf-8").replace("title: ", "title: Mi título. ")
    record.write_text(edited, encoding="utf-8")
    code, said = _play(capsys, monkeypatch, SOLO, "1\nstop\nquit\n", "--seed", "7",
                       "--record", str(record))
    assert code == 2 and "(or edited since)" in said
    assert record.read_text(encoding="utf-8") == edited


def test_a_refusal_a_ruling_decided_quotes_the_ruling(capsys, monkeypatch):
    """Taking back at once the card just left in the market is refused by R21: the line
    under the refusal is R21's question and decision, the precise case, not the section's
    opening."""
    code, said = _play(capsys, monkeypatch, SOLO, "1\nmarket wool grain\nmarket grain wool\n"
                       "quit\n", "--seed", "7")
    assert code == 0
    assert "(véase «Comercio», R21).\n  ¿Cuántas veces puedes cambiar con el mercado en un " \
           "turno? Las que quieras, pero no puedes recuperar en el mismo turno una carta que " \
           "acabas de dejar en el mercado." in said, said[-600:]


def test_help_lists_the_commands_again(capsys, monkeypatch):
    code, said = _play(capsys, monkeypatch, SOLO, "help\nquit\n", "--seed", "7")
    assert code == 0 and said.count("why N dice qué regla la permite") == 2
