"""`rulebook play BOOK`: a game of the book's variant against its own rules engine, in the
terminal, to learn the rules by playing them.

The table is printed as the engine describes a position (`position_lines`, the lines an
example box prints without a diagram); the legal actions are numbered, each in words and in
the book's notation, and either may be typed. A move the rules do not allow is refused as
the book refuses it in a worked example (the engine's narration of the refusal), citing the
section that states the rule, its page in the last build and the ruling that decided it.
`why N` says which rule allows a listed action (the section that states it, its page and
ruling, and the rule in the section's words: `Reasons.allowed_by`),
`rules` reads that section (or one a topic names), `hint` says what the engine's best fair
player would play (`Simulation.hint`), `undo` takes a move back, `save FILE` keeps the game
for `--load`, `quit` (or the end of the input) leaves. The end says how the game ended, in
the words of the simulation report.

With `--record FILE` the played line becomes a worked example in the book's format, which
`rulebook check` replays: its start is the deal (`deal: {seed, moves}`: the seed and the
moves before the recorded ones, which the example does not print), its steps the moves from
`mark` (or the first) to `stop` (or the last), the last step checked as the engine saw it
(`Recording.expectation`) and drawn. A designer turns a game into an example without
writing it by hand; the title, the section and the summary are then theirs to write.

A game is dealt from `--seed`, or is one of the stored runs' deals (difficulty.yaml): `--deal
N` the N-th they dealt, `--challenge` one the clairvoyant player proved winnable and every
fair player lost, chosen by `--seed` (at random without it): the deals the book's difficulty
figures were measured on, for a player to try.

It reads and writes lines, so a test, a pipe or a screen reader can drive it; on a terminal
rich sets them in bold and colour, and `--plain` keeps them plain there too.
Any engine that can deal a whole game plays (it declares "simulation", or "variants" and is
asked for the book's own rules): solo-catan, splendor-solitario, the economy games.
"""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path
from typing import IO

from generator.content.model import Book, ruling_anchors, title_for
from generator.core.i18n import decimal, translator
from generator.core.labels import labels
from generator.errors import GeneratorError, IllegalAction, UsageError
from generator.examples.protocol import declares
from generator.examples.replay import Frame, adapter_for, step_words
from generator.simulate.engines import make_player, simulations
from generator.simulate.report import end_words

#: The words a player types: numbers and notation aside, these.
UNDO, QUIT, HINT, RULES, SAVE, MARK, STOP, WHY, HELP = "undo", "quit", "hint", "rules", \
    "save", "mark", "stop", "why", "help"
#: A recorded example's first line: what marks a file as one (no other file is replaced).
RECORDED = "# rulebook play --record: a played line as a worked example"
#: A saved game's first line: what marks a file as one (no other file is ever replaced).
SAVED = "# rulebook play: a saved game"
#: The most moves a saved game may hold (a whole game is a few hundred).
MOST_MOVES = 10_000


def dealer(book: Book, engine):
    """What deals and judges a whole game: the engine, or its simulation of the book's own
    rules (a "variants" engine: `simulate.engines.simulations`, as `rulebook simulate`
    plays); one line when it can do neither, or the book has no engine."""
    if engine is None:
        raise GeneratorError(f"{book.slug}: no rules engine (book.yaml names no engine:), "
                             "so no game to play; expected a book whose engine can deal a "
                             "whole game")
    return simulations(book, engine)({}, None)


def play(book: Book, seed: int, read: IO[str], write: IO[str],
         pages: dict[str, int] | None = None, moves: list[str] = (),
         record: Path | None = None, plain: bool = False) -> int:
    """One game from `seed`, its moves read from `read`, the table written to `write`; a
    refusal cites the page of its section in `pages` (the book's last build), if there.
    `moves` (a saved game's, `load`) are played first. `record`: the example file the
    played line is written to, at `stop`, at the end or on leaving. On a terminal the lines
    are set with rich (the table's names in bold, a refusal in red, an allowed move in
    green); `plain`, or any other output (a pipe, a file, a test), gets the same lines
    without styles."""
    if record is not None and (record.is_dir() or record.exists() and not _untouched(record)):
        raise UsageError(f"--record {record}: there already, and not an example --record "
                         "wrote (or edited since); expected a new file's name (nothing is "
                         "replaced)")
    engine = adapter_for(book) if book.meta.engine else None
    sim = dealer(book, engine)
    t = translator(book.meta.language)
    say = _sayer(write, plain)
    game, history, shown, last_section = sim.random_start(seed), [], False, ""
    played: list[str] = []  # the moves so far, in the notation: what `save` writes
    marked, recorded = 0, False  # where a recording starts (`mark`); written already?

    def write_record() -> None:
        nonlocal recorded
        if record is not None and not recorded:
            said, recorded = _record(book, engine, seed, played, marked, game, record, t)
            say(said)
    for number, text in enumerate(moves, start=1):
        action = _chosen(book, engine, [], text)
        if action is None or action not in game.legal_actions():
            raise UsageError(f"--load: move {number} of the saved game, '{text}', is not one "
                             "the game allows there; expected the moves of a game saved from "
                             "this book and seed")
        history.append(engine.copy(game))
        game.push(action)
        played.append(text)
    commands = t.gettext(
        "{title}: a game from seed {seed}. Type an action's number or its notation; {hint} "
        "suggests one, {why} N says which rule allows it, {rules} TOPIC reads a section, "
        "{undo} takes a move back, {save} FILE keeps the game, {quit} leaves.").format(
        title=book.meta.title, seed=seed, hint=HINT, why=WHY, rules=RULES, undo=UNDO,
        save=SAVE, quit=QUIT)
    say(commands)
    if goal := _goal(book, t):
        say(goal, "bold")
    recording = "" if record is None else t.gettext(
        "Recording to {file}: {mark} starts the example at this position, {stop} writes it "
        "(or the end of the game does).").format(file=record, mark=MARK, stop=STOP)
    if recording:
        say(recording)
    while True:
        actions = [] if sim.is_over(game) else game.legal_actions()
        if not shown:  # the table once a position: a mistyped line does not repeat it
            say()
            for key, text in engine.position_lines(game):
                say(f"{key}: {text}", "bold", len(key) + 1)
            if not actions:
                say(_ending(book, sim, game, t), "bold")
                write_record()
                if not history:  # nothing to take back: the game was over when dealt
                    return 0
                # a learner may take a losing move back and try another
                say(t.gettext("{undo} takes your last move back; {quit} leaves.").format(
                    undo=UNDO, quit=QUIT))
            for number, action in enumerate(actions, start=1):
                say(f"{number:>3}. {engine.action_text(action, game)}  [{action}]", "dim",
                    -len(str(action)) - 2)
            shown = True
        write.write("> ")
        write.flush()
        line = read.readline()
        if line and not line.endswith("\n"):
            say()  # (input from a file without a last newline: the answer on a line of its own)
        if not line or line.strip() == QUIT:
            write_record()
            if not actions:  # over: its end is said already
                return 0
            say(t.gettext("Game left at turn {turns}.").format(turns=sim.result(game).turns))
            return 0
        typed = line.strip()
        if not typed:  # an empty line: the prompt again, as a shell gives it
            continue
        if typed in (MARK, STOP):
            if record is None:
                say(t.gettext("Nothing is being recorded: start the game with --record FILE."))
            elif recorded:
                say(t.gettext("{file} is written already.").format(file=record))
            elif typed == MARK:
                marked = len(played)
                say(t.gettext("The recording starts here, after move {n}.").format(n=marked))
            else:
                write_record()
            continue
        if (topic := _argument(typed, RULES)) is not None:
            say(_rules(book, topic or last_section, t))
            continue
        if (name := _argument(typed, SAVE)) is not None:
            say(_save(book, seed, played, name, t))
            continue
        if not actions and typed not in (UNDO, HELP, "?"):  # over: no move, hint or why
            say(t.gettext("The game is over: {undo} takes your last move back; {quit} "
                          "leaves.").format(undo=UNDO, quit=QUIT))
            continue
        if (which := _argument(typed, WHY)) is not None:
            said = _why(book, engine, game, actions, which, t, pages or {})
            say(said, "green" if said.startswith("✓") else "red" if said.startswith("×")
                else None)
            continue
        if typed == HINT:
            say(_hint(sim, engine, game, actions, random.Random(seed * 1_000_003 + len(history)),
                      t))
            continue
        if typed == UNDO:
            if history:
                game, shown = history.pop(), False
                played.pop()
                marked = min(marked, len(played))
                say(t.gettext("Move taken back."))
            else:
                say(t.gettext("Nothing to take back."))
            continue
        if typed in (HELP, "?"):
            say(commands)
            if recording:
                say(recording)
            continue
        action = _chosen(book, engine, actions, typed)
        if action is None:
            say(t.gettext("'{typed}' is neither a number from 1 to {count} nor an action "
                          "in the book's notation.").format(typed=typed, count=len(actions))
                + " " + t.gettext("{help} lists the commands.").format(help=HELP))
            continue
        before = engine.copy(game)
        try:
            game.push(action)
        except IllegalAction as refusal:
            say(_refused(book, engine, action, before, refusal, t, pages or {}), "red")
            last_section = refusal.section
            continue
        history.append(before)
        played.append(str(action))
        shown = False
        say(_told(engine, action, before, game))


def _argument(typed: str, command: str) -> str | None:
    """What follows `command` in the line `typed` ("" for the command alone), or None when
    the line is not that command: `rules comercio` → "comercio"."""
    if typed == command or typed.startswith(command + " "):
        return typed[len(command):].strip()
    return None


# --- deals of the stored runs ---------------------------------------------------------------

def _stored(book: Book, option: str):
    """The book's stored runs of its own rules that deal the same games as its longest: runs
    of one run seed deal the same games, so a deal is numbered alike in all of them."""
    runs = book.difficulty.own_runs if book.difficulty else []
    if not runs:
        raise UsageError(f"{option}: {book.slug} has no stored runs; expected a book with a "
                         f"difficulty.yaml (rulebook simulate {book.slug} --save)")
    longest = max(runs, key=lambda run: len(run.records))
    return longest, [run for run in runs if run.seed == longest.seed]


def stored_deal(book: Book, deal: int) -> tuple[int, str]:
    """(seed, what to say) of deal `deal` of the stored runs (1: the first they dealt)."""
    longest, _ = _stored(book, "--deal")
    if not 1 <= deal <= len(longest.records):
        raise UsageError(f"--deal {deal}: the stored runs deal games 1 to "
                         f"{len(longest.records)}; expected one of them")
    seed = longest.records[deal - 1].seed
    t = translator(book.meta.language)
    return seed, t.gettext("Deal {deal} of the stored runs (seed {seed}).").format(
        deal=deal, seed=seed)


def challenges(book: Book) -> tuple[list[int], list[str]]:
    """(deal numbers, the fair players) of the challenge deals: those a player that sees the
    deck proved winnable by winning them (its run has verdicts: the clairvoyant) and every
    fair player of the book's own rules lost (each stored run without verdicts that played
    the deal)."""
    longest, runs = _stored(book, "--challenge")
    proving = [run for run in runs if run.verdicts is not None]
    fair = [run for run in runs if run.verdicts is None]
    if not proving or not fair:
        raise UsageError(f"--challenge: {book.slug}'s stored runs have no "
                         + ("player that proves a deal winnable (the clairvoyant)"
                            if not proving else "fair player to have lost a deal")
                         + "; expected both (rulebook simulate --save)")
    won = {line.seed for run in runs for line in run.records if line.won and run in fair}
    played = set.intersection(*({line.seed for line in run.records} for run in fair))
    proved = {line.seed for run in proving for line in run.records if line.won}
    numbers = [n for n, line in enumerate(longest.records, start=1)
               if line.seed in proved and line.seed in played and line.seed not in won]
    return numbers, [run.player for run in fair]


def challenge(book: Book, rng: random.Random) -> tuple[int, str]:
    """(seed, what to say) of a challenge deal chosen by `rng`."""
    numbers, players = challenges(book)
    t = translator(book.meta.language)
    if not numbers:
        raise UsageError(f"--challenge: every deal the clairvoyant won was won by a fair "
                         f"player too ({', '.join(players)}); expected a deal they lost "
                         "(--deal N plays any)")
    deal = rng.choice(numbers)
    seed, _ = stored_deal(book, deal)
    return seed, t.ngettext(
        "A challenge: deal {deal} of the stored runs (seed {seed}), which the clairvoyant "
        "player won and {players} lost. It is the only such deal.",
        "A challenge: deal {deal} of the stored runs (seed {seed}), which the clairvoyant "
        "player won and {players} lost. {count} deals are such challenges; --deal {deal} "
        "plays this one again.", len(numbers)).format(
        deal=deal, seed=seed, players=t.join(players), count=len(numbers))


def _save(book: Book, seed: int, played: list[str], name: str, t) -> str:
    """The game so far written to the file `name` (the book, the seed and each move in the
    notation: `rulebook play BOOK --load FILE` goes on from it); a file there that is not a
    saved game is never replaced."""
    import yaml
    from generator.core.output import write_atomically
    if not name:
        return t.gettext("Say the file: {save} FILE.").format(save=SAVE)
    target = Path(name)
    if target.exists() and not _is_saved(target):
        return t.gettext("{file} is there and is not a saved game: nothing written; "
                         "give another name.").format(file=target)
    data = yaml.safe_dump({"book": book.slug, "language": book.meta.language, "seed": seed,
                           "moves": played}, allow_unicode=True, sort_keys=False)
    try:
        write_atomically(target, f"{SAVED}\n{data}".encode("utf-8"))
    except (OSError, GeneratorError) as error:
        return t.gettext("{file}: not saved ({why}).").format(file=target, why=error)
    return t.ngettext("Saved to {file}: {n} move.", "Saved to {file}: {n} moves.",
                      len(played)).format(file=target)


def _is_saved(file: Path) -> bool:
    try:
        with open(file, "rb") as handle:
            return handle.read(len(SAVED)) == SAVED.encode()
    except OSError:
        return False


def _digest(text: str) -> str:
    import hashlib
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _untouched(file: Path) -> bool:
    """Whether `file` is an example --record wrote and nobody has edited since (its first
    line holds the digest of the rest): a designer's edits are never recorded over."""
    from generator.core.files import read_bytes
    try:
        head, _, body = read_bytes(file, 1_000_000).decode("utf-8").partition("\n")
    except (OSError, UnicodeDecodeError, GeneratorError):
        return False
    return head == f"{RECORDED} · {_digest(body)}"


def _record(book: Book, engine, seed: int, played: list[str], marked: int, game, target: Path,
            t) -> tuple[str, bool]:
    """The moves from `marked` on written to `target` as a worked example (the module's
    docstring), and what to say; (said, written). A file there that `--record` did not
    write is never replaced, and nothing is written without a move to record."""
    import yaml
    from markdown.extensions.toc import slugify
    from generator.core.output import write_atomically
    steps = [{"do": move} for move in played[marked:]]
    if not steps:
        return t.gettext("No move to record: {file} is not written.").format(file=target), False
    if target.exists() and not _untouched(target):
        return t.gettext("{file} is there and is not a recorded example: nothing written; "
                         "start again with another --record.").format(file=target), False
    if declares(engine, "recording"):
        steps[-1]["expect"] = engine.expectation(game)
    steps[-1]["show"] = True
    first, last = marked + 1, len(played)
    example = {
        # an accented letter kept as its letter («compra-rápida» → compra-rapida), as a
        # heading's anchor is made (markdown's slugify)
        "id": re.sub(r"[^a-z0-9]+", "-", slugify(target.stem, "-").lower()).strip("-")
        or "partida",
        "title": t.gettext("Moves {first} to {last} of the game from seed {seed}").format(
            first=first, last=last, seed=seed),
        "section": book.printed().chapters[0].id,
        "summary": t.ngettext(
            "{n} move of the game dealt from seed {seed}, as it was played.",
            "{n} moves of the game dealt from seed {seed}, as they were played.",
            len(steps)).format(n=len(steps), seed=seed),
        "deal": {"seed": seed, "moves": played[:marked]},
        "steps": steps}
    data = yaml.safe_dump(example, allow_unicode=True, sort_keys=False, width=92)
    try:
        write_atomically(target, f"{RECORDED} · {_digest(data)}\n{data}".encode("utf-8"))
    except (OSError, GeneratorError) as error:
        return t.gettext("{file}: not written ({why}).").format(file=target, why=error), False
    return t.ngettext(
        "{file}: {n} move recorded as a worked example. In the book's examples/ folder, a "
        "chapter must show it ({{{{ example(\"{id}\") }}}}) before the next check, build or "
        "play: an example no chapter shows is refused.",
        "{file}: {n} moves recorded as a worked example. In the book's examples/ folder, a "
        "chapter must show it ({{{{ example(\"{id}\") }}}}) before the next check, build or "
        "play: an example no chapter shows is refused.",
        len(steps)).format(file=target, n=len(steps), id=example["id"]), True


def saved_game(file: Path, book: Book) -> tuple[int, list[str]]:
    """The seed and moves of a game `save` wrote for `book` (`--load FILE`); one line naming
    the file for anything else."""
    import yaml
    from generator.core.files import read_bytes
    expected = f"a file `save` wrote in a game of {book.slug}"
    try:
        text = read_bytes(file, 1_000_000).decode("utf-8")
        data = yaml.safe_load(text) if text.startswith(SAVED) else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        raise UsageError(f"--load {file}: {getattr(error, 'strerror', None) or error}; "
                         f"expected {expected}") from None
    if not (isinstance(data, dict) and isinstance(data.get("seed"), int)
            and isinstance(data.get("moves"), list) and len(data["moves"]) <= MOST_MOVES
            and all(isinstance(m, str) for m in data["moves"])):
        raise UsageError(f"--load {file}: not a saved game; expected {expected}")
    if data.get("book") != book.slug or data.get("language") != book.meta.language:
        raise UsageError(f"--load {file}: a game of {data.get('book')} "
                         f"({data.get('language')}); expected {expected} "
                         f"({book.meta.language})")
    return data["seed"], data["moves"]


def _rules(book: Book, topic: str, t) -> str:
    """The text of the section `topic` names (its anchor, or words of its title: the first
    section whose title holds them, accents and case aside), as the book states it; without
    a topic (and no refusal yet), the sections one may name."""
    sections = [(anchor, title) for chapter in book.printed().chapters  # not the dossier's
                for anchor, title in [(chapter.id, chapter.title), *chapter.sections]]
    wanted = _tokens(topic)
    titled = [(section, _tokens(section[1])) for section in sections]
    found = next((s for s in sections if _plain(s[0]) == _plain(topic)), None) or next(
        (s for s, words in titled if wanted and wanted <= words), None) or next(
        (s for s, words in titled if wanted and all(
            len(w) >= 4 and any(x.startswith(w) for x in words) for w in wanted)), None)
    listed = t.gettext("Sections: {titles}.").format(
        titles="; ".join(title for _, title in sections))
    if found is None:
        return listed if not topic else t.gettext("No section is called “{topic}”.").format(
            topic=topic) + " " + listed
    return "\n".join([found[1].upper(), *section_lines(book, found[0])])


def _plain(text: str) -> str:
    import unicodedata
    return "".join(c for c in unicodedata.normalize("NFD", text.casefold())
                   if not unicodedata.combining(c))


def _tokens(text: str) -> set[str]:
    """A title's or a topic's words, accents and case aside, a ruling's number without its
    zeros («R01» and «r1» alike): what `rules TOPIC` matches, word for word before prefixes
    (so «R1» is not R10, nor «foo» a knight «on foot»)."""
    return {re.sub(r"^r0+(?=\d)", "r", word) for word in re.findall(r"\w+", _plain(text))}


def section_lines(book: Book, anchor: str) -> list[str]:
    """A chapter's opening (up to its first section) or a section's text (to the next
    heading of its level or above), as lines: each paragraph one line, each list item one
    "- " line, a table's rows with " | "; a worked example or figure the text shows is left
    out (they print in the book)."""
    for chapter in book.chapters:
        elements = list(chapter.tree)
        # the chapter's sections are its h2 and h3 headings, in order (loader._chapter)
        starts = [i for i, el in enumerate(elements) if el.tag in ("h2", "h3")]
        if anchor == chapter.id:
            part = elements[1:starts[0] if starts else None]
        elif anchor in (a for a, _ in chapter.sections):
            start = starts[[a for a, _ in chapter.sections].index(anchor)]
            # to the next heading of its level or above: an h2 keeps its h3s' text
            ends = [i for i in starts if i > start and elements[i].tag <= elements[start].tag]
            part = elements[start + 1:ends[0] if ends else None]
        else:
            continue
        lines = []
        for element in part:
            if element.tag in ("ul", "ol"):
                lines += [(f"{n}. " if element.tag == "ol" else "- ") + _words(item)
                          for n, item in enumerate(element.iter("li"), start=1)]
            elif element.tag == "table":
                lines += [" | ".join(_words(cell) for cell in row)
                          for row in element.iter("tr")]
            elif not _words(element).startswith("[["):
                lines.append(_words(element))
        return [line for line in lines if line]
    return []


def _words(element) -> str:
    return " ".join("".join(element.itertext()).split())


def _hint(sim, engine, game, actions: list, rng, t) -> str:
    """The move the engine's hint player would make here (`Simulation.hint`: the strongest
    that sees only what a player sees; greedy, one move ahead, when it names none), by its
    number and in words: a suggestion, never played for you."""
    name = getattr(sim, "hint", "greedy")
    player = make_player(sim, name)
    action = player.choose(engine.copy(game), list(actions), rng)
    number = actions.index(action) + 1
    said = t.gettext("The {player} player would play {number}: {action}  [{notation}]").format(
        player=name, number=number, action=engine.action_text(action, game), notation=action)
    reason = getattr(player, "reason", None)  # Player.reason: why, in one line
    if not (isinstance(reason, tuple) and len(reason) == 2 and isinstance(reason[0], str)
            and isinstance(reason[1], dict)):
        return said  # none, or not the (message, values) a player says why with
    message, values = reason
    try:
        why = t.gettext(message).format(**{
            key: decimal(value, t.language, 1) if isinstance(value, float) else value
            for key, value in values.items()})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return said  # a plugin's message its values do not fill: the move alone
    return f"{said}\n  {why}."


def _sayer(write: IO[str], plain: bool):
    """`say(text, style=None, span=None)`: a line to `write`; on a terminal (and not
    `plain`) in rich's `style`, over the whole line or its first `span` characters (its last
    ones, negative). Elsewhere the same characters, unstyled: what a test or a screen reader
    reads is what a player sees."""
    if plain or not write.isatty():
        return lambda text="", style=None, span=None: print(text, file=write)
    from rich.console import Console
    from rich.text import Text
    console = Console(file=write, highlight=False, soft_wrap=True)

    def say(text: str = "", style: str | None = None, span: int | None = None) -> None:
        line = Text(text)
        if style:
            start, end = ((0, span) if span and span > 0 else (len(text) + span, len(text))
                          if span else (0, len(text)))
            line.stylize(style, start, end)
        console.print(line)
    return say


def _cited(book: Book, section: str, ruling: str | None, pages: dict[str, int], t) -> str:
    """«see “Trade”, p. 12, R21»: where the book states a rule, as a cross-reference prints
    it (its page in the last build, when there is one), and the ruling that decided it."""
    cite = t.gettext("see “{section}”").format(section=book.anchors.get(section, section))
    if section in pages:
        cite += f", {labels(book.meta.language)['page']}\u00a0{pages[section]}"
    return cite + (f", {ruling}" if ruling else "")


def _why(book: Book, engine, game, actions: list, typed: str, t,
         pages: dict[str, int]) -> str:
    """Why the action `typed` names (its number or notation) is legal here: the book's
    section that allows it (`Reasons.allowed_by`) and the rule as that section states it
    first; a move the rules refuse is refused, as when played."""
    action = _chosen(book, engine, actions, typed) if typed else None
    if action is None:
        return t.gettext("Say which action: {why} and its number, from 1 to {count}, or its "
                         "notation.").format(why=WHY, count=len(actions))
    if action not in actions:
        before = engine.copy(game)
        try:
            before.push(action)
        except IllegalAction as refusal:
            return _refused(book, engine, action, game, refusal, t, pages)
    if not declares(engine, "reasons"):
        return t.gettext("{action}: allowed here (this engine does not say by which "
                         "rule).").format(action=engine.action_text(action, game))
    section, ruling = engine.allowed_by(game, action)
    # the section's rule under it, never the ruling's question and answer: a ruling often
    # decides what is refused («¿…? No.»), which under a ✓ reads as a contradiction
    return _with_rule(book, t.gettext("✓ {action}: allowed ({cite}).").format(
        action=engine.action_text(action, game), cite=_cited(book, section, ruling, pages, t)),
        section, None)


def _with_rule(book: Book, said: str, section: str, ruling: str | None) -> str:
    """`said`, then on a line of its own the rule in the book's words: the ruling that
    decided the case, as the almanac prints it (its question and decision: the precise
    case), or else the first paragraph of the section that states the rule (and the list
    it opens, when it ends on a colon: «Después de tu acción…:» says nothing alone)."""
    rule = ""
    for anchor in ruling_anchors(ruling) if ruling else ():
        found = section_lines(book, anchor)
        if found:
            rule = " ".join(found[:2]) if anchor.endswith("-fuente") else found[0]
            break
    if not rule:
        lines = section_lines(book, section)
        rule = next(iter(lines), "")
        if rule.endswith(":"):  # it opens a list, which says the rule: the list's items too
            items = list(itertools.takewhile(lambda line: re.match(r"(- |\d+\. )", line),
                                             lines[1:]))
            rule = "\n  ".join([rule, *items])
    return f"{said}\n  {rule}" if rule else said


def _chosen(book: Book, engine, actions: list, typed: str):
    """The action `typed` names: its number in `actions`, or the book's notation for it
    (legal or not: the game then refuses it), in any case and with the components named in
    the book's words («take diamante zafiro esmeralda», «start trigo ciudad»); None if it
    names neither."""
    if typed.isdigit():
        number = int(typed)
        return actions[number - 1] if 1 <= number <= len(actions) else None
    named = _ids_for_names(book, typed)
    for text in dict.fromkeys((typed, typed.lower(), named)):
        try:
            return engine.parse(text)
        except (GeneratorError, ValueError):
            continue
    return None


def _ids_for_names(book: Book, typed: str) -> str:
    """`typed` with each component the book names (a resource, its plural, a building, an
    expansion: «Ampliación de ciudad») put as its id, accents and case aside, the longest
    names first: what the notation reads."""
    c = book.components
    names = [(name, item.id) for item in c.resources for name in (item.name, item.plural)]
    names += [(name, item.id) for item in c.buildings for name in (item.name, item.plural)]
    names += [(item.name, item.id) for item in c.expansions]
    text = _plain(typed)
    for name, item_id in sorted(names, key=lambda pair: -len(pair[0])):
        text = re.sub(rf"(?<![\w-]){re.escape(_plain(name))}(?![\w-])", item_id, text)
    return text


def _told(engine, action, before, after) -> str:
    """A move, as a worked example tells its step (replay.step_words)."""
    return step_words(engine, Frame(None, action, after), before)[0] + "."


def _refused(book: Book, engine, action, before, refusal: IllegalAction, t,
             pages: dict[str, int]) -> str:
    """A refused move as the book refuses one (its narration of the refusal, or the
    engine's own line), then where the rule is: its section's title, its page in the last
    build (as the book prints a cross-reference), and the ruling; then the rule, in the
    words that section opens with."""
    text, whole = step_words(engine, Frame(None, action, before, rejected=refusal.code), before)
    because = engine.refused_because(before, refusal) if declares(engine, "reasons") else None
    if because:  # why, in the player's terms: «No puedes …: te faltan 2 ónices»
        text = f"{text.rstrip('.')}: {because}"
    elif not whole:  # the action's words alone: what the rule needed, said here
        text = t.gettext("{action} is not allowed: needed {needed}; found {found}").format(
            action=text, needed=refusal.needed, found=refusal.found)
    cite = _cited(book, refusal.section, refusal.ruling, pages, t)
    return _with_rule(book, f"× {text} ({cite}).", refusal.section, refusal.ruling)


def _goal(book: Book, t) -> str:
    """What the game is played for, before its first position: the goal in points, or, in a
    book whose final points give a title (scores.yaml), the titles' range."""
    if _titled(book):
        return t.gettext("At the end, your points give your title, from {first} to "
                         "{last}.").format(first=book.scores[0].title,
                                           last=book.scores[-1].title)
    goal = book.components.game.goal
    return t.gettext("Goal: {points}.").format(
        points=t.ngettext("{n} point", "{n} points", goal)) if goal else ""


def _titled(book: Book) -> bool:
    """A book whose final points give a title (scores.yaml) and that sets no goal: its game
    is played for the title, and it never speaks of winning or losing."""
    return bool(book.scores) and not book.components.game.goal


def _ending(book: Book, sim, game, t) -> str:
    """How the game ended, in the report's words (`Simulation.end_names`); in a book whose
    points give a title, the title rather than a win or a loss the book never speaks of."""
    outcome = sim.result(game)
    reason = end_words(outcome.end_reason, getattr(sim, "end_names", {}), t)
    points = t.ngettext("{n} point", "{n} points", outcome.points)
    turns = t.ngettext("{n} turn", "{n} turns", outcome.turns)
    if _titled(book):
        over = t.gettext("The game is over")
        title = title_for(book.scores, outcome.points)
        return f"{over}: {reason} · {points}: {title} · {turns}."
    verdict = t.gettext("You win") if outcome.won else t.gettext("You lose")
    return f"{verdict}: {reason} · {points} · {turns}."
