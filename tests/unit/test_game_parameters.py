"""Open to any tabletop game: `game:` in components.yaml holds whatever numbers, words and
lists a book wants to print (`{{ game.rounds }}`), every part of components.yaml is optional
(a dice game has no resources), and examples that no engine checks are a choice the book
states (`examples: unchecked`), never an accident.

What a designer sees: the book that builds and what its PDF says, or the one line naming the
file, the line, the YAML path and what was expected."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from pdfread import plain_texts, words

from contentedit import append, edit, line_of, run
from generator.build import build_book
from generator.checks import checked_book
from generator.content.loader import load_book, require_parameters, typo_of
from generator.content.model import free_parameters
from generator.examples.registry import needs_of
from generator.errors import ContentError
from generator.examples.unchecked import unchecked_replays
from generator.scaffold import Scaffold
from repo import CONTENT_ROOT, ROOT

DICE_PARAMETERS = "  goal: 10\n  rounds: 6\n  dice: [d6, d6]\n  first_player_rolls: true\n"


def pdf_text(pdf: Path) -> str:
    return words(pdf)


def error_of(folder: Path) -> str:
    with pytest.raises(ContentError) as caught:
        checked_book(folder)
    return str(caught.value)


@pytest.fixture
def dice(tmp_path) -> Path:
    """A new English book (rulebook new) made a dice game: its resources deleted, its
    chapters printing the game's own parameters."""
    content = tmp_path / "content"
    content.mkdir(exist_ok=True)
    Scaffold("dice", "en").write(content)
    book = content / "dice"
    components = book / "components.yaml"
    edit(components, "resources:\n  - {id: coin, name: Coin, plural: coins, count: 20}\n", "")
    edit(components, "  goal: 10\n", DICE_PARAMETERS)
    rules = book / "chapters" / "02-rules.md"
    edit(rules, "The first to reach **{{ goal }} VP** wins.",
         "The first to reach **{{ goal }} VP** wins. The game lasts {{ game.rounds }} rounds; "
         "each turn you roll {{ game.dice | join(\" and \") }}.")
    edit(book / "chapters" / "01-introduction.md",
         'there are {{ count(res.coin.count, "coin", "coins") }}',
         "you need {{ game.dice | length }} dice")
    edit(rules, "1. Take a coin from the supply.", "1. Take the dice from the supply.")
    edit(book / "glossary.yaml", "The coins no player holds.", "The dice no player holds.")
    return book


@pytest.fixture
def solo(tmp_path) -> Path:
    target = tmp_path / "content" / "solo-catan"
    shutil.copytree(CONTENT_ROOT / "solo-catan", target)
    return target


# --- free parameters ----------------------------------------------------------------------------

def test_a_dice_game_without_resources_builds_and_prints_its_own_numbers(dice, tmp_path):
    assert "resources:" not in (dice / "components.yaml").read_text(encoding="utf-8")
    book = load_book(dice)
    assert book.components.resources == [] and book.components.buildings == []
    assert free_parameters(book.components.game) == {
        "rounds": 6, "dice": ["d6", "d6"], "first_player_rolls": True}
    built = build_book(dice, tmp_path / "output")
    text = pdf_text(built.files[0])
    assert "The game lasts 6 rounds" in text
    assert "you roll d6 and d6" in text
    assert "you need 2 dice" in text
    assert "The first to reach 10 VP wins" in text  # {{ goal }} still works
    html = (tmp_path / "output" / "dice" / "index.html").read_text(encoding="utf-8")
    assert "The game lasts 6 rounds" in html


@pytest.mark.parametrize("line, path, message", [
    ("  board: {width: 3, height: 4}", "game.board",
     "game.board is a nested mapping; expected a number, a text, true or false, or a list of "
     "those"),
    ("  board:", "game.board", "game.board has no value (null); expected a number"),
    ("  Board: 3", "game.Board", "parameter name 'Board' cannot be written {{ game.Board }} "
     "in a chapter; expected a name of lower-case letters, digits and _, starting with a letter"),
    ("  faces: [d6, [d8, d10]]", "game.faces[1]", "game.faces holds a list inside a list"),
    ("  faces: [d6, {d: 8}]", "game.faces[1]", "game.faces[1] is a nested mapping"),
    ("  released: 2026-05-01", "game.released", 'expected the date in quotes ("2026-05-01")'),
    ("  hand_size: 0", "game.hand_size", "invalid value 0"),   # a known field keeps its type
    ("  goal: ten", "game.goal", "invalid value 'ten'"),
    ("  goal:", "game.goal", "game.goal has no value (null); expected a value for it"),
])
def test_a_parameter_no_chapter_could_print_is_an_error_at_its_line(line, path, message, dice):
    components = dice / "components.yaml"
    text = components.read_text(encoding="utf-8").replace("  goal: 10\n", "")
    components.write_text(text + line + "\n", encoding="utf-8")
    error = error_of(dice)
    assert f"components.yaml:{line_of(components, line.strip())} ({path}): " in error, error
    assert message in error, error


def test_a_name_the_chapters_use_and_the_book_lacks_is_an_error_at_the_chapter_line(dice):
    rules = dice / "chapters" / "02-rules.md"
    edit(rules, "{{ game.rounds }} rounds", "{{ game.turns }} rounds")
    error = error_of(dice)
    assert f"02-rules.md:{line_of(rules, 'game.turns')}: unknown data name" in error
    assert "unknown data name: game.turns is not defined (the book's game has " in error, error
    assert "expected a turns: line under game: in components.yaml" in error, error


def test_goal_is_an_unknown_name_in_a_book_without_one_never_none(dice):
    edit(dice / "components.yaml", "  goal: 10\n", "")
    error = error_of(dice)
    assert "unknown data name: 'goal' is undefined" in error, error


# --- what an engine reads ---------------------------------------------------------------------

def test_a_typo_of_a_parameter_the_engine_reads_gets_a_hint(solo):
    components = solo / "components.yaml"
    edit(components, "  hand_size: 5", "  hand_sise: 5")
    error = error_of(solo)
    assert f"components.yaml:{line_of(components, 'hand_sise')} (game.hand_sise): unknown " \
           "parameter 'hand_sise': did you mean 'hand_size', which the solo-catan engine " \
           "reads and the book does not give; expected hand_size: an integer ≥ 1" in error, error


def test_a_typo_of_a_costs_table_field_gets_a_hint(tmp_path):
    book = tmp_path / "content" / "catan-base"
    shutil.copytree(CONTENT_ROOT / "catan-base", book)
    edit(book / "components.yaml", "  ordered_costs: false", "  ordred_costs: false")
    error = error_of(book)
    assert "(game.ordred_costs): unknown parameter 'ordred_costs': did you mean " \
           "'ordered_costs', which the costs table reads" in error, error


def test_a_parameter_the_engine_needs_is_asked_for_at_game(solo):
    components = solo / "components.yaml"
    edit(components, "  demolition_limit: 4\n", "")
    error = error_of(solo)
    assert f"components.yaml:{line_of(components, 'goal: 20')} (game): the solo-catan engine " \
           "needs game.demolition_limit; expected demolition_limit: an integer ≥ 1" in error


def test_a_name_near_a_field_the_book_gives_or_no_one_reads_is_the_books_own(solo, dice):
    append(solo / "components.yaml", "  goals: [build, trade]")   # goal is given
    assert free_parameters(load_book(solo).components.game)["goals"] == ["build", "trade"]
    append(dice / "components.yaml", "  hand_sizes: [5, 6]\n  gold: 3")  # no engine reads them
    assert free_parameters(load_book(dice).components.game)["gold"] == 3


def test_typos_are_one_edit_for_short_names_two_for_long_ones():
    assert typo_of("hand_sise", "hand_size") and typo_of("handsize", "hand_size")
    assert typo_of("hnad_size", "hand_size")                 # two letters swapped
    assert typo_of("gaol", "goal") and not typo_of("gold_", "goal")
    assert not typo_of("goal", "goal") and not typo_of("rounds", "goal")


def test_an_engine_without_the_parts_it_plays_with_is_refused(solo, dice):
    edit(solo / "book.yaml", "engine: solo-catan", "engine: splendor")
    error = error_of(solo)
    assert "(game): the splendor engine needs game.bank_per_colour" in error, error
    edit(dice / "book.yaml", "language: en", "language: en\nengine: costs")
    error = error_of(dice)
    assert "(resources): the costs engine needs resources: in components.yaml" in error, error


def test_an_engine_plugin_asks_for_its_own_parameters_with_the_same_hints(dice):
    """A plugin's factory calls require_parameters: its parameters are the book's own."""
    components = dice / "components.yaml"
    book = load_book(dice)
    require_parameters(book, "dice", ["rounds", "dice"])
    with pytest.raises(ContentError) as caught:
        require_parameters(book, "dice", ["rounds", "sides"])
    assert "(game): the dice engine needs game.sides; expected sides: a number, a text" \
        in str(caught.value)
    append(components, "  side: 6")
    with pytest.raises(ContentError) as caught:
        require_parameters(load_book(dice), "dice", ["rounds", "sides"])
    assert f"components.yaml:{line_of(components, 'side: 6')} (game.side): unknown " \
        "parameter 'side': did you mean 'sides', which the dice engine reads" \
        in str(caught.value)


def test_every_engine_names_only_known_parameters():
    from generator.content.model import KNOWN_PARAMETERS
    for name in ("solo-catan", "economy", "splendor", "costs"):
        needs = needs_of(name)
        assert needs is not None, name
        assert set(needs.parameters) <= set(KNOWN_PARAMETERS)


# --- optional parts -------------------------------------------------------------------------------

def test_costs_without_buildings_are_refused_where_they_are_asked_for(dice):
    rules = dice / "chapters" / "02-rules.md"
    append(rules, "{{ cost_table() }}")
    error = error_of(dice)
    assert f"02-rules.md:{line_of(rules, 'cost_table')}" in error and "no buildings" in error
    edit(rules, "{{ cost_table() }}", "")
    (dice / "print.yaml").write_text(
        "cards:\n  back: {title: Dice}\n  faces:\n    - {id: costs, title: Costs, kind: costs}\n",
        encoding="utf-8")
    error = error_of(dice)
    assert "print.yaml:4 (cards.faces[0].kind): a costs card, but the book has no buildings" \
        in error, error


# --- examples no engine checks -------------------------------------------------------------------

EXAMPLE = """\
id: double
title: A double
section: rules
summary: You roll a double.
steps:
  - do: Roll 4 and 4
    note: A double, so you roll again.
"""


def with_example(book: Path) -> Path:
    (book / "examples").mkdir()
    (book / "examples" / "01-double.yaml").write_text(EXAMPLE, encoding="utf-8")
    append(book / "chapters" / "02-rules.md", '{{ example("double") }}')
    return book


def test_examples_without_an_engine_must_be_declared_unchecked(dice):
    with_example(dice)
    error = error_of(dice)
    assert "book.yaml" in error and "(engine): the book has 1 worked example (examples/) but " \
        "no engine to check it; expected engine: one of " in error, error
    assert "solo-catan" in error and ", or examples: unchecked to print them marked as not " \
        "checked" in error, error
    append(dice / "book.yaml", "examples: unchecked")
    book = load_book(dice)
    assert book.examples_unchecked
    [replay] = unchecked_replays(book)
    assert replay.adapter.checked is False
    step = replay.frames[1]
    assert (step.step, replay.adapter.action_text(step.action, None), step.note) == \
        (1, "Roll 4 and 4", "A double, so you roll again.")
    assert replay.adapter.position_lines(replay.frames[0].game) == []


def test_check_says_unchecked_examples_were_printed_not_replayed(dice, capsys):
    from generator import cli
    with_example(dice)
    append(dice / "book.yaml", "examples: unchecked")
    assert cli.main(["check", str(dice)]) == 0, capsys.readouterr().err
    said = " ".join(capsys.readouterr().out.split())
    assert "1 worked example printed unchecked (examples: unchecked, no engine)" in said, said
    assert "replayed" not in said, said


def test_a_book_without_examples_needs_no_engine_nor_declaration(dice):
    book = load_book(dice)
    assert book.meta.engine is None and not book.examples and not book.examples_unchecked


@pytest.mark.parametrize("old, new, path, message", [
    ("steps:", "start: {}\nsteps:", "start", "a starting position, but no engine"),
    ("    note: A double", "    expect: {points: 2}\n    note: A double", "steps[0].expect",
     "expect: in an example no engine checks"),
])
def test_what_only_an_engine_could_check_is_refused_in_unchecked_examples(old, new, path,
                                                                          message, dice):
    with_example(dice)
    append(dice / "book.yaml", "examples: unchecked")
    edit(dice / "examples" / "01-double.yaml", old, new)
    error = error_of(dice)
    assert f"({path}): {message}" in error, error


def test_an_example_an_engine_replays_needs_its_start(solo):
    example = next((solo / "examples").glob("*.yaml"))
    text = example.read_text(encoding="utf-8")
    start = text.index("start:")
    end = text.index("\nsteps:")
    example.write_text(text[:start] + text[end + 1:], encoding="utf-8")
    error = error_of(solo)
    assert f"{example.name}:1 (start): missing field 'start'; expected the position the " \
        "example starts from" in error, error


def test_unchecked_with_an_engine_or_scenarios_without_one_is_refused(dice, solo):
    append(solo / "book.yaml", "examples: unchecked")
    assert "(examples): examples: unchecked, but the solo-catan engine replays and checks " \
        "them" in error_of(solo)
    with_example(dice)
    append(dice / "book.yaml", "examples: unchecked")
    (dice / "scenarios").mkdir()
    (dice / "scenarios" / "01-x.yaml").write_text(EXAMPLE.replace("double", "other"),
                                                   encoding="utf-8")
    assert "a scenario is only replayed by an engine" in error_of(dice)


def test_unchecked_examples_build_marked_as_not_checked(dice, tmp_path):
    with_example(dice)
    append(dice / "book.yaml", "examples: unchecked")
    built = build_book(dice, tmp_path / "output")
    text = pdf_text(built.files[0])
    assert "Roll 4 and 4. A double, so you roll again." in text  # the note: its own sentence
    assert "Example not checked by a rules engine" in text
    assert "At the start" not in text and "Al empezar" not in text  # no positions to show
    html = (built.files[0].parent / "index.html").read_text(encoding="utf-8")
    assert '<p class="unchecked">Example not checked by a rules engine</p>' in html


# --- the documentation ----------------------------------------------------------------------------

def test_the_reference_explains_free_parameters_with_an_example():
    page = (ROOT / "docs" / "reference" / "components.md").read_text(encoding="utf-8")
    assert "## Game parameters" in page and "  rounds: 6\n  dice: 2" in page
    assert "{{ game.rounds }}" in page
    book = (ROOT / "docs" / "reference" / "book.md").read_text(encoding="utf-8")
    assert "examples: unchecked" in book


def test_a_building_whose_kinds_give_other_points_says_so_everywhere(tiny_book, tmp_path,
                                                                     capsys):
    """`kinds: expansions`: a building whose kinds are the components' expansions, each
    with its own points (the solo game's Town Hall gives 4 where the other city expansions
    give 3). The cost table says «3 (Tower 4)», the costs card and figure «3–4», never the
    building's 3 alone."""
    components = tiny_book / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8").replace(
        "resources:\n", "resources:\n  - {id: stone, name: Stone, plural: stones, count: 9}\n")
        + """buildings:
  - {id: hut, name: Hut, plural: huts, cost: [coin, stone], count: 5, points: 1}
  - {id: annex, name: Annex, plural: annexes, cost: [stone, stone, coin], count: 3,
     points: 3, kinds: expansions}
expansions:
  - {id: shed, name: Shed, points: 3, power: Nothing.}
  - {id: tower, name: Tower, points: 4, power: Nothing.}
""", encoding="utf-8")
    rules = tiny_book / "chapters" / "02-rules.md"
    append(rules, "{{ cost_table() }}\n\n{{ figure(\"costs\") }}")
    (tiny_book / "figures.yaml").write_text("- {id: costs, kind: costs, caption: The costs.}\n",
                                            encoding="utf-8")
    code, said = run("build", tiny_book, tmp_path / "out", capsys)
    assert code == 0, said
    text = " ".join(plain_texts(tmp_path / "out" / "juego" / "juego.pdf"))
    assert re.search(r"Annex\s+Stone → Stone → Coin\s+3 \(Tower 4\)\s+3", text), text
    figure = text[text.index("Annex S"):text.index("The costs.")]  # the costs figure's row
    assert "3–4 pt." in figure and not re.search(r"(?<!–)3 pt\.", figure), figure
    svg = (tmp_path / "out" / "juego" / "figures" / "costs.svg").read_text(encoding="utf-8")
    assert "3–4 pt." in svg
