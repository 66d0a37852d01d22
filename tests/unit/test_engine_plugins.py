"""Engines are plugins: found through the entry point group `rulebook.engines` (or the
built-in table of the four engines of this package), refused by name or in one line when
broken; the tutorial's dice engine (docs/engines.md, docs/dicegame/) checks a book made from
the scaffold; and `rulebook simulate` plays any engine that can play whole games alone."""

from __future__ import annotations

import re
import shutil
import tomllib
from collections import Counter
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from contentedit import assert_one_located_error, edit, line_of
from generator.cli import main
from generator.content.loader import load_book
from generator.examples import registry
from generator.games.costs.adapter import CostsAdapter
from generator.games.economy.adapter import EconomyAdapter
from generator.examples.protocol import Engine, Game, Simulation
from generator.examples.replay import adapter_for, check_book
from generator.games.solo_catan.adapter import SoloAdapter
from generator.games.splendor.adapter import SplendorAdapter
from generator.simulate import engines as sim
from generator.simulate.runs import game_seeds
from generator.core.stats import summarise
from repo import CONTENT_ROOT, ROOT, shipped

DICEGAME = ROOT / "docs" / "dicegame"
TUTORIAL = ROOT / "docs" / "engines.md"
BUILT_IN = {"solo-catan": SoloAdapter, "catan-para-dos": EconomyAdapter,
            "uno-contra-uno": EconomyAdapter, "splendor-solitario": SplendorAdapter,
            "catan-base": CostsAdapter}


def fake_entry_points(monkeypatch, *entries: tuple[str, str]) -> None:
    """Installed packages that declare these (name, "module:attribute") engines, in place of
    this package's own game of the same name (its other games stay declared)."""
    names = {name for name, _ in entries}
    points = [EntryPoint(name, value, registry.GROUP) for name, value in entries]
    points += [p for p in registry.entry_points(group=registry.GROUP) if p.name not in names]

    def entry_points(group=None):
        return [p for p in points if p.group == group]
    monkeypatch.setattr(registry, "entry_points", entry_points)


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_error_line(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- the registry ----------------------------------------------------------------------------

@pytest.mark.parametrize("slug", BUILT_IN)
def test_the_games_of_the_package_are_found_by_their_entry_points(slug):
    engine = adapter_for(shipped(slug))
    assert type(engine.guarded_engine) is BUILT_IN[slug]  # behind its door (guard.py)
    assert isinstance(engine, Engine), "the four engines follow the protocol they define"


def test_an_entry_point_of_another_package_is_loaded(monkeypatch):
    fake_entry_points(monkeypatch, ("splendor", "test_engine_plugins:MarkedSplendor"),
                      ("splendor", "test_engine_plugins:MarkedSplendor"))  # listed twice: one
    book = shipped("splendor-solitario")
    assert type(adapter_for(book).guarded_engine) is MarkedSplendor
    assert all(r.failure is None for r in check_book(book)), "replayed by the plugin"
    assert registry.installed() == ["costs", "economy", "solo-catan", "splendor"]


class MarkedSplendor(SplendorAdapter):
    """The Splendor engine under another class, to tell another package's from the game's."""


def test_the_pyproject_declares_each_game_of_the_package_and_nothing_else():
    """The games are found only by their entry points: each game folder of generator/games
    has one, naming its adapter, and installing the package (as the README's commands do)
    registers them."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"] \
        .get("entry-points", {}).get(registry.GROUP)
    games = sorted(p.name for p in (ROOT / "generator" / "games").iterdir()
                   if (p / "adapter.py").exists())
    assert sorted(value.split(".")[2] for value in declared.values()
                  if value.startswith("generator.games.")) == games
    assert all(value.startswith("generator.games.") for value in declared.values())
    assert {name: [p.value for p in claims] for name, claims in registry.plugins().items()
            if name in declared} == {name: [value] for name, value in declared.items()}


def test_registration_without_installing_lasts_for_the_block():
    book = shipped("splendor-solitario")
    with registry.registered("splendor", MarkedSplendor):
        assert type(adapter_for(book).guarded_engine) is MarkedSplendor
    assert type(adapter_for(book).guarded_engine) is SplendorAdapter


@pytest.fixture
def splendor_copy(tmp_path, monkeypatch) -> Path:
    """A writable copy of the Splendor book, in a project of its own."""
    target = tmp_path / "content" / "splendor-solitario"
    shutil.copytree(CONTENT_ROOT / "splendor-solitario", target)
    monkeypatch.chdir(tmp_path)
    return target


def test_an_unknown_engine_is_an_error_at_its_line_listing_the_installed_ones(splendor_copy,
                                                                              capsys):
    edit(splendor_copy / "book.yaml", "engine: splendor", "engine: splendour")
    code, _, err = cli(capsys, "check", str(splendor_copy))
    line = line_of(splendor_copy / "book.yaml", "engine: splendour")
    assert code == 1
    assert one_error_line(err) == (
        f"error: content/splendor-solitario/book.yaml:{line} (engine): unknown engine "
        "'splendour'; expected one of the installed engines: costs, economy, solo-catan, "
        "splendor (a package adds one through the entry point group rulebook.engines; see "
        "docs/engines.md)")


def test_a_plugin_that_raises_while_loading_is_one_line_naming_it(splendor_copy, tmp_path,
                                                                  monkeypatch, capsys):
    (tmp_path / "loaded_dice.py").write_text('raise RuntimeError("the dice are\\nloaded")\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    fake_entry_points(monkeypatch, ("splendor", "loaded_dice:Engine"),
                      ("other", "no_such_module:Engine"))
    code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1
    assert one_error_line(err) == ("error: engine 'splendor' (loaded_dice:Engine, an installed "
                                   "package) failed to load, book splendor-solitario: "
                                   "RuntimeError: the dice are loaded (loaded_dice.py:1); a bug "
                                   "in the engine, not in the book (--debug prints its "
                                   "traceback)")
    # The broken 'other' is never loaded: only the engine a book names is.
    assert cli(capsys, "check", str(CONTENT_ROOT / "catan-base"))[0] == 0
    edit(splendor_copy / "book.yaml", "engine: splendor", "engine: other")
    code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1 and re.fullmatch(
        r"error: engine 'other' \(no_such_module:Engine, an installed package\) failed to load,"
        r" book splendor-solitario: ModuleNotFoundError: No module named 'no_such_module' "
        r"\(.*:\d+\); a bug in the engine.*", one_error_line(err))


def test_two_plugins_for_one_name_a_bug_in_a_factory_and_a_missing_method_are_one_line(
        splendor_copy, monkeypatch, capsys):
    fake_entry_points(monkeypatch, ("splendor", "test_engine_plugins:MarkedSplendor"),
                      ("splendor", "generator.games.splendor.adapter:SplendorAdapter"))
    code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1 and "registered by more than one plugin: test_engine_plugins:" \
        "MarkedSplendor (an installed package); generator.games.splendor.adapter:SplendorAdapter " \
        "(an installed package); expected one" in one_error_line(err)

    def buggy(book):
        return {}["rounds"]
    with registry.registered("splendor", buggy):
        code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1 and re.search(
        r"registered in this process\) failed to start, book splendor-solitario: KeyError: "
        r"'rounds' \(test_engine_plugins\.py:\d+\)", one_error_line(err))

    class Half(SplendorAdapter):
        parse = None
    with registry.registered("splendor", Half):
        code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1 and "lacks parse; expected every method of the engine protocol" in \
        one_error_line(err)


@pytest.mark.parametrize("provides, said", [
    (("narration", "diagrams", "simulation", "coverage"), "coverage: uncovered"),
    (("narration", "diagram"), "'diagram', which is not one of narration, diagrams,"),
])
def test_a_part_declared_but_lacking_is_one_line_when_the_engine_starts(
        provides, said, splendor_copy, capsys):
    """An engine that names in `provides` a part it has not (or a part that does not exist)
    is refused when the book's engine starts, naming the part and what it lacks."""
    class Declares(SplendorAdapter):
        pass
    Declares.provides = provides
    with registry.registered("splendor", Declares):
        code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1 and "declares in `provides` what it lacks: " in one_error_line(err)
    assert said in one_error_line(err)


def test_only_the_parts_an_engine_declares_are_used(splendor_copy, tmp_path, capsys):
    """The same methods, undeclared, are not called: no narration, no diagram, no simulator
    (a part is never found by its methods alone)."""
    class Plain(SplendorAdapter):
        provides = ("figures",)  # the book's card figure (figures.yaml) needs it

    def built(name: str) -> tuple[list[Path], str]:
        assert cli(capsys, "build", str(splendor_copy), "--output", str(tmp_path / name))[0] == 0
        out = tmp_path / name / "splendor-solitario"
        return (list((out / "figures").glob("ejemplo-*.svg")),
                (out / "index.html").read_text(encoding="utf-8"))
    declared = built("declared")
    with registry.registered("splendor", Plain):
        plain = built("plain")
        code, _, err = cli(capsys, "simulate", str(splendor_copy), "--games", "2")
    assert declared[0] and not plain[0], "an example's positions drawn only when declared"
    told = "Tomas 1 zafiro, 1 esmeralda y 1 rubí"  # narration: what the step did
    assert told in declared[1] and told not in plain[1]
    assert code == 1 and "does not declare \"simulation\"" in one_error_line(err)


# --- the tutorial: a dice game's engine checks a scaffolded book --------------------------------

@pytest.fixture
def dice_book(tmp_path, monkeypatch, capsys) -> Path:
    """The tutorial's steps: the dice engine installed (as an entry point), a project made by
    `rulebook init`, a book by `rulebook new --lang en`, then Step 4's edits."""
    monkeypatch.syspath_prepend(str(DICEGAME))
    declared = tomllib.loads((DICEGAME / "pyproject.toml").read_text())["project"][
        "entry-points"][registry.GROUP]
    fake_entry_points(monkeypatch, *declared.items())
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "init", "games")[0] == 0
    monkeypatch.chdir(tmp_path / "games")
    assert cli(capsys, "new", "bust", "--lang", "en")[0] == 0
    book = tmp_path / "games" / "content" / "bust"
    (book / "book.yaml").write_text((book / "book.yaml").read_text() + "engine: dice\n")
    edit(book / "components.yaml", "game:\n  goal: 10", "game:\n  goal: 40\n  rounds: 5")
    for part in ("chapters/02-rules.md", "glossary.yaml", "examples/push-your-luck.yaml"):
        (book / part).parent.mkdir(exist_ok=True)
        shutil.copy(DICEGAME / "book" / part, book / part)
    return book


def test_the_dice_engine_replays_the_tutorial_example(dice_book, capsys):
    code, out, err = cli(capsys, "check", "bust")
    assert code == 0, err
    assert "ok bust: 3 chapters, 1 abbreviation, 1 worked example replayed" in out
    replay = check_book(load_book(dice_book))[0]
    assert [f.rejected for f in replay.frames] == [None, "empty-pot", None, None, None, None]
    assert replay.final.score == 22 and replay.final.round == 4
    assert isinstance(replay.final, Game) and isinstance(replay.adapter, Simulation)


def test_a_wrong_outcome_in_the_dice_example_is_refused_at_its_step(dice_book, capsys):
    example = dice_book / "examples" / "push-your-luck.yaml"
    edit(example, "expect: {score: 22, pot: 0, round: 3}", "expect: {score: 23, pot: 0, round: 3}")
    code, _, err = cli(capsys, "check", "bust")
    line = line_of(example, "- do: bank", 2)
    assert code == 1 and "Traceback" not in err
    assert (f"content/bust/examples/push-your-luck.yaml:{line} (steps[2]): example "
            "'push-your-luck', step 3 (bank): expected score 23, found 22") in err


@pytest.mark.parametrize("old, new, needle, message", [
    ("reject: empty-pot", "reject: pot-empty", "- do: bank",
     "expected refusal 'pot-empty', got 'empty-pot'"),
    ("- do: roll 1", "- do: roll 4\n    reject: dice-count\n  - do: roll 1", None, None),
    ("- do: roll 1", "- do: throw 1", "do: throw 1",
     "unknown action 'throw 1'; expected 'roll N' or 'bank'"),
    ("dice: [4, 6, 5, 3, 1]", "dice: [4, 6, 5, 3, 7]", "dice:",
     "(start.dice[4]): invalid value 7: above the largest allowed, 6"),
    ("round: 2", "round: 6", "round: 6", "round 6; expected at most 5 (game.rounds)"),
])
def test_the_dice_examples_mistakes_are_located(old, new, needle, message, dice_book, capsys):
    example = dice_book / "examples" / "push-your-luck.yaml"
    edit(example, old, new)
    code, _, err = cli(capsys, "check", "bust")
    if message is None:  # a refusal the example expects is a step like any other
        assert code == 0, err
        return
    assert code == 1 and "Traceback" not in err and message in err, err
    assert f"push-your-luck.yaml:{line_of(example, needle)}" in err, err


def test_the_dice_engine_needs_its_parameters_and_the_engine_name_is_checked(dice_book,
                                                                           capsys):
    edit(dice_book / "chapters" / "02-rules.md", "{{ game.rounds }}", "five")
    edit(dice_book / "components.yaml", "  rounds: 5", "  rownds: 5")
    code, _, err = cli(capsys, "check", "bust")
    line = line_of(dice_book / "components.yaml", "rownds: 5")
    assert code == 1 and one_error_line(err).startswith(
        f"error: content/bust/components.yaml:{line} (game.rownds): unknown parameter "
        "'rownds': did you mean 'rounds', which the dice engine reads")
    edit(dice_book / "components.yaml", "  rownds: 5", "  rounds: five")
    code, _, err = cli(capsys, "check", "bust")
    line = line_of(dice_book / "components.yaml", "rounds: five")
    assert code == 1 and one_error_line(err) == (
        f"error: content/bust/components.yaml:{line} (game.rounds): game.rounds is 'five'; "
        "expected a whole number ≥ 1")
    edit(dice_book / "components.yaml", "  rounds: five", "  rounds: 5")
    shutil.rmtree(dice_book / "examples")  # no example: the engine's name is checked still
    edit(dice_book / "chapters" / "02-rules.md", '{{ example("push-your-luck") }}', "")
    edit(dice_book / "book.yaml", "engine: dice", "engine: dise")
    code, _, err = cli(capsys, "check", "bust")
    assert code == 1 and "book.yaml:" in err and "unknown engine 'dise'; expected one of the " \
        "installed engines: costs, dice, economy, solo-catan, splendor" in one_error_line(err)


def test_the_dice_book_prints_the_engines_words(dice_book, capsys):
    code, _, err = cli(capsys, "build", "bust")
    assert code == 0, err
    html = (dice_book.parents[1] / "output" / "bust" / "index.html").read_text()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())
    for words in ("Round 2 of 5", "Roll two dice", "Bank the pot (10 VP )",
                  "A 4 and a 6 go into the pot", "Last roll 3, 1"):
        assert words.replace(" ", "") in text.replace(" ", ""), words


def test_the_dice_engine_simulates_and_its_own_player_beats_random(dice_book, capsys):
    code, out, err = cli(capsys, "simulate", "bust", "--games", "40", "--jobs", "1",
                         "--player", "random")
    assert code == 0, err
    assert "Won: the goal banked before the last round ends." in out
    assert "wins" in out and "busts per game" in out and "≥40" in out
    engine = adapter_for(load_book(dice_book))
    one = sim.run(engine, 30, seed=2, player="cautious", jobs=1)
    assert sim.run(engine, 30, seed=2, player="cautious", jobs=2) == one
    random_wins = summarise(sim.run(engine, 400, seed=3, player="random")).wins
    cautious_wins = summarise(sim.run(engine, 400, seed=3, player="cautious")).wins
    assert cautious_wins > random_wins + 40


def test_every_block_the_tutorial_quotes_is_in_its_file():
    text = TUTORIAL.read_text(encoding="utf-8")
    quotes = re.findall(r"^( *)<!-- quote: (\S+) -->\n\1```\w*\n(.*?)^\1```", text,
                        re.MULTILINE | re.DOTALL)
    assert len(quotes) >= 12
    files = Counter()
    for indent, path, block in quotes:
        block = "".join(line[len(indent):] if line.strip() else line
                        for line in block.splitlines(keepends=True))
        source = (ROOT / path).read_text(encoding="utf-8")
        assert block in source, f"docs/engines.md quotes {path} as it no longer is:\n{block}"
        files[path] += 1
    assert {"docs/dicegame/dicegame/rules.py", "docs/dicegame/dicegame/engine.py",
            "docs/dicegame/book/examples/push-your-luck.yaml"} <= set(files)


# --- simulation for any engine ------------------------------------------------------------------

@pytest.fixture(scope="module")
def splendor_book():
    return shipped("splendor-solitario")


@pytest.fixture(scope="module")
def economy_book():
    return shipped("catan-para-dos")


def test_a_splendor_deal_is_the_rules_sheets_set_up(splendor_book):
    engine = adapter_for(splendor_book)
    game = engine.random_start(7)
    assert len(game.rows["1"]) == len(game.rows["2"]) == 4 and len(game.deck) == 62
    assert all(c.id.startswith("1-") for c in game.rows["1"] + game.rows["2"])
    assert len(game.special) == 5 and len(game.nobles) == 5
    assert sum(game.bank.values()) == 15 and not any(game.tokens.values())
    again = engine.random_start(7)
    assert again.deck == game.deck and again.nobles == game.nobles
    assert engine.random_start(8).deck != game.deck


class FakeClient:
    """What map_on_dask needs of a dask.distributed.Client, in this process."""

    def map(self, function, items, pure=True):
        return [function(item) for item in items]

    def gather(self, future):
        return future


@pytest.mark.parametrize("player", ["random", "greedy"])
def test_splendor_runs_are_reproducible_and_keep_the_gems(player, splendor_book):
    engine = adapter_for(splendor_book)
    one = sim.run(engine, 12, seed=5, player=player, jobs=1)
    assert sim.run(engine, 12, seed=5, player=player, jobs=2) == one
    assert sim.run(engine, 12, seed=5, player=player, scheduler=FakeClient()) == one
    assert [r.seed for r in one] == game_seeds(5, 12)
    assert {r.end_reason for r in one} <= {"special", "deck", "stuck"}
    game = engine.random_start(one[0].seed)
    rng = __import__("random").Random(one[0].seed ^ 0x5EED)
    player_ = sim.make_player(engine, player)
    while not engine.is_over(game):
        game.push(player_.choose(game, game.legal_actions(), rng))
        assert all(game.bank[c] + game.tokens[c] == 3 for c in game.bank)
    assert engine.result(game).points == one[0].points


def test_the_splendor_greedy_player_plays_better_than_random(splendor_book):
    engine = adapter_for(splendor_book)
    random_points = summarise(sim.run(engine, 40, seed=3, player="random")).mean_points
    greedy = summarise(sim.run(engine, 40, seed=3, player="greedy"))
    assert greedy.mean_points > random_points + 5
    assert greedy.rate("unfinished") == 0


def test_economy_games_end_at_the_goal_and_are_reproducible(economy_book):
    engine = adapter_for(economy_book)
    records = sim.run(engine, 30, seed=4, player="greedy")
    assert sim.run(engine, 30, seed=4, player="greedy", jobs=2) == records
    assert {r.end_reason for r in records} == {"goal"}
    assert all(r.points <= economy_book.components.game.goal + 2 for r in records)
    summary = summarise(records)
    assert 0 < summary.wins < 30, "both seats win some games"


@pytest.mark.parametrize("slug, words", [
    ("splendor-solitario", ["victorias", "títulos al final", "Maestro",
                            "gemas especiales por partida"]),
    ("catan-para-dos", ["victorias", "«victorias» cuenta las del que empieza",
                        "comercios forzosos por partida", "puntos al final", "≥10"]),
])
def test_simulate_reports_for_the_splendor_and_economy_books(slug, words, capsys):
    code, out, err = cli(capsys, "simulate", slug, "--games", "8", "--jobs", "1")
    assert code == 0, err
    for word in words:
        assert word in " ".join(out.split()), (word, out)
    seed = game_seeds(1, 1)[0]
    assert f"(se repite con --replay {seed})" in " ".join(out.split())
    code, out, _ = cli(capsys, "simulate", slug, "--replay", str(seed))
    engine = adapter_for(shipped(slug))
    assert code == 0 and len(out.strip().splitlines()) == sim.play(engine, seed, "greedy").actions


@pytest.mark.parametrize("args, message", [
    (["catan-base"], "catan-base: no simulator for engine 'costs': it cannot play whole games "
                     "alone (it does not declare \"simulation\" in `provides`, with "
                     "random_start, is_over, result; see docs/engines.md, Simulation)"),
    (["splendor-solitario", "--player", "strong"],
     "--player strong: engine 'splendor' has no such player; expected one of greedy, random"),
    (["catan-para-dos", "--compare", "goal=5,10"],
     "--compare: engine 'economy' has no rule readings, player budgets or stored runs to "
     "give it (it does not declare \"variants\"); expected catan-para-dos simulated without "
     "--compare"),
    (["splendor-solitario", "--save"], "--save: engine 'splendor' has no rule readings, "
                                       "player budgets or stored runs to give it"),
    (["splendor-solitario", "--games", "0"], "--games: '0': expected a whole number from 1"),
])
def test_simulate_refuses_what_an_engine_cannot_do_in_one_line(args, message, capsys):
    """What the engine cannot do (exit 1); a mistake on the command line (exit 2)."""
    code, _, err = cli(capsys, "simulate", *args)
    assert code == (1 if args == ["catan-base"] else 2) and message in one_error_line(err)


def test_a_splendor_book_with_other_gems_cannot_deal_splendors_cards(splendor_copy, capsys):
    edit(splendor_copy / "components.yaml", "id: white,", "id: pearl,")
    for file in (splendor_copy / "components.yaml", *splendor_copy.glob("*/*.yaml")):
        file.write_text(re.sub(r"\bwhite\b", "pearl", file.read_text()))
    for command in (["check"], ["simulate", "--games", "2", "--jobs", "1"]):
        code, _, err = cli(capsys, command[0], str(splendor_copy), *command[1:])
        assert code == 1 and "expected the gems white, blue, green, red, black in " \
            "components.yaml" in one_error_line(err)


# --- what a generic check asks the book's engine ---------------------------------------------

def test_a_figure_of_a_kind_the_engine_does_not_draw_is_refused_at_its_kind(splendor_copy,
                                                                             capsys):
    """A set-up figure is the solo game's (`figure_kinds`): in a Splendor book it is refused
    at figures.yaml, naming the engine, before anything is drawn."""
    (splendor_copy / "figures.yaml").write_text(
        "- id: mesa\n  kind: setup\n  caption: La mesa preparada.\n"
        + (splendor_copy / "figures.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    chapter = splendor_copy / "chapters" / "01-reglas.md"
    chapter.write_text(chapter.read_text(encoding="utf-8") + '\n{{ figure("mesa") }}\n',
                       encoding="utf-8")
    code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1
    assert one_error_line(err).endswith(
        "figures.yaml:2 ([0].kind): a setup figure is drawn by the book's engine, and the "
        "splendor engine draws only card figures; expected another kind of figure")


def test_stored_runs_of_an_engine_that_stores_none_are_refused(splendor_copy, capsys):
    """difficulty.yaml is checked by the engine whose simulator wrote it (`check_runs`);
    one Splendor's simulator never writes is refused at the file."""
    shutil.copy(CONTENT_ROOT / "solo-catan" / "difficulty.yaml", splendor_copy)
    code, _, err = cli(capsys, "check", str(splendor_copy))
    assert code == 1
    line = one_error_line(err)
    assert line.startswith("error: content/splendor-solitario/difficulty.yaml:"), line
    assert line.endswith(": stored runs, but the splendor engine stores none; expected no "
                         "difficulty.yaml, or the engine whose simulator wrote it"), line


def test_a_card_figure_of_a_card_its_example_lacks_is_an_error_at_its_line(splendor_copy,
                                                                             tmp_path, capsys):
    """`check` draws the engine's figures, so that it stops where `build` would."""
    figures = splendor_copy / "figures.yaml"
    edit(figures, "card: e2", "card: e9")
    here = splendor_copy.relative_to(tmp_path)  # as the messages name it from where it stands
    assert_one_located_error(here, tmp_path, capsys, "figures.yaml",
                             line_of(figures, "card: e9"),
                             r"no card 'e9' in the start of example 'mazo-agotado'; expected "
                             r"the id of a card the example deals: ")


def test_the_costs_caption_offers_the_banks_trades_as_one_or_the_other():
    """Two resources the bank would take four of are two trades, not one of eight cards:
    «4 lanas o 4 minerales por 1 carta»."""
    from generator.games.costs.figures import costs_caption
    from generator.games.costs.game import CostsGame
    from repo import shipped
    components = shipped("catan-base").components
    game = CostsGame(costs={}, points={}, hand=Counter(ore=4, wool=4))
    caption = costs_caption(game, components, "es")
    assert caption.endswith("la banca te cambiaría 4 lanas o 4 minerales por 1 carta"), caption
