"""The tool works on the folder you stand in: a project is found by walking up to its
rulebook.toml (or content/ folder), started with `rulebook init` and `rulebook new`, and
built from a wheel installed anywhere, writing nothing outside the project."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from pdfread import drawing_operations, words
from generator.cli import main
from generator.core import palette
from generator.project import MARKER, find_project
from generator.schema import EXAMPLE, FILES, WRITTEN_BY, installed_schema
from repo import CONTENT_ROOT, ROOT


def files_under(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}


def pdf_text(pdf: Path) -> str:
    return words(pdf)


def cli(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def project(tmp_path, monkeypatch, capsys) -> Path:
    """A new project made by `rulebook init`, the working directory inside it."""
    folder = tmp_path / "mi-proyecto"
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, "init", "mi-proyecto")[0] == 0
    monkeypatch.chdir(folder)
    return folder


# --- finding the project ------------------------------------------------------------------------

def test_the_project_is_found_from_any_folder_inside_it(tmp_path):
    (tmp_path / MARKER).write_text('content = "libros"\noutput = "pdf"\n', encoding="utf-8")
    deep = tmp_path / "libros" / "a" / "b"
    deep.mkdir(parents=True)
    found = find_project(deep)
    assert found.root == tmp_path.resolve()
    assert found.content == (tmp_path / "libros").resolve()
    assert found.output == (tmp_path / "pdf").resolve()


def test_a_content_folder_with_books_is_a_project_without_a_marker(tmp_path):
    book = tmp_path / "content" / "x"
    book.mkdir(parents=True)
    assert find_project(tmp_path) is None
    (book / "book.yaml").write_text("title: x\n", encoding="utf-8")
    assert find_project(book).root == tmp_path.resolve()


def test_the_repository_is_a_project_of_its_own():
    assert find_project(ROOT / "tests").content == CONTENT_ROOT.resolve()


#: rulebook.toml text → the error line's pattern
BAD_MARKERS = {
    "not TOML": ('content = "content\n', r"rulebook\.toml: not TOML \(.*line 1.*\)"),
    "unknown setting": ('contents = "x"\n', r"rulebook\.toml: unknown setting 'contents'; "
                                            r"expected only content and output"),
    "not a string": ("content = 3\n", r"rulebook\.toml: content = 3; expected a folder name"),
    "outside the project": ('output = "../../tmp"\n',
                            r"rulebook\.toml: output = '\.\./\.\./tmp' is outside the project"),
}


@pytest.mark.parametrize("case", BAD_MARKERS)
def test_a_bad_rulebook_toml_is_one_located_line(case, tmp_path, monkeypatch, capsys):
    import re
    text, pattern = BAD_MARKERS[case]
    (tmp_path / MARKER).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "check")
    assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert re.search(r"^error: " + pattern, err.strip()), err


def test_no_project_is_one_line_that_says_how_to_start(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for command in (["build"], ["check"], ["new", "x"], ["check", "solo-catan"]):
        code, out, err = cli(capsys, *command)
        assert code == 2 and "rulebook init" in err and "Traceback" not in err, (command, err)
    assert list(tmp_path.iterdir()) == []


def test_content_and_output_options_are_relative_to_where_you_stand(tmp_path, monkeypatch,
                                                                    capsys):
    shutil.copytree(CONTENT_ROOT / "catan-base", tmp_path / "libros" / "catan-base")
    shutil.copytree(CONTENT_ROOT / "_facts", tmp_path / "libros" / "_facts")
    monkeypatch.chdir(tmp_path)
    code, out, err = cli(capsys, "build", "catan-base", "--content", "libros", "--output", "sal")
    assert code == 0, err
    assert (tmp_path / "sal" / "catan-base" / "catan-base.pdf").is_file()
    assert not (ROOT / "output" / "sal").exists()


# --- init and new ---------------------------------------------------------------------------

def test_init_makes_a_project_and_refuses_to_make_it_twice(project, capsys):
    assert files_under(project) == {Path(MARKER), Path(".gitignore")}
    assert (project / "content").is_dir()
    code, out, err = cli(capsys, "init", ".")
    assert code == 1 and "already a rulebook project" in err


@pytest.mark.parametrize("options, pdf_words", [
    (["--lang", "es"], ["Introducción", "Reglas", "Aclaraciones", "Glosario", "R01. Empate",
                        "Gana quien llega primero a 10 PV", "20 monedas"]),
    ([], ["Introduction", "Rules", "Rulings", "The first to reach 10 VP wins", "20 coins"]),
    (["--sheet"], ["Rules", "The first to reach 10 VP wins"]),  # English unless told
    (["--lang", "es", "--sheet"], ["Reglas", "Gana quien llega primero a 10 PV"]),
    (["--lang", "en", "--sheet", "--cards"], ["Rules", "The first to reach 10 VP wins"]),
    (["--deck", "--cards"], ["Rules", "The first to reach 10 VP wins"]),
])
def test_a_new_book_builds_at_once(options, pdf_words, project, capsys):
    code, out, err = cli(capsys, "new", "mi-juego", *options)
    assert code == 0 and "rulebook build mi-juego" in out, err
    book = project / "content" / "mi-juego"
    assert (book / "rulings.yaml").exists() == ("--sheet" not in options)
    assert (book / "print.yaml").exists() == ("--cards" in options)
    assert cli(capsys, "check")[0] == 0
    code, out, err = cli(capsys, "build")
    assert code == 0, err
    pdf = project / "output" / "mi-juego" / "mi-juego.pdf"
    text = pdf_text(pdf)
    for words in pdf_words:
        assert words in text, words
    page = (project / "output" / "mi-juego" / "index.html").read_text(encoding="utf-8")
    # the credits, as the PDF's back cover gives them: a web reader sees who made it too
    credit = "<b>Game:</b> Your name" if "Rules" in pdf_words else "<b>Juego:</b> Tu nombre"
    assert f'<p class="credits"><span>{credit}</span></p>' in page, credit
    if "--cards" in options:
        assert [p for p in (pdf.parent).glob("*.pdf") if p != pdf]  # the card sheets
    if "--deck" in options:  # the deck's six cards, from the scaffold's decks/cards.csv
        fronts = pdf_text(pdf.parent / "game-cards-a4.pdf")
        assert fronts.count("Coin") == 3 and fronts.count("Joker") == 1, fronts


def _colours(pdf: Path) -> set[str]:
    """Every RGB colour the PDF's pages set, as #rrggbb."""
    found = set()
    with pikepdf.open(pdf) as document:
        for page in document.pages:
            for operands, operator, _ in drawing_operations(page):
                if operator in ("rg", "RG", "sc", "SC", "scn", "SCN") and len(operands) == 3:
                    found.add("#" + "".join(f"{round(float(v) * 255):02x}" for v in operands))
    return found


def test_a_new_book_wears_no_games_look(project, capsys):
    """Without `theme:` a book is slate with plain bands (palette.NEUTRAL) in its rulebook,
    its card sheets and its HTML: no game's brick red, no game's hexagons."""
    assert cli(capsys, "new", "mi-juego", "--cards")[0] == 0
    assert cli(capsys, "build")[0] == 0
    folder = project / "output" / "mi-juego"
    brick = {palette.ACCENT, palette.ACCENT_LIGHT, palette.BRICK_AND_TILES.accent_pattern}
    for pdf in (folder / "mi-juego.pdf", folder / "cards-a4.pdf"):
        colours = _colours(pdf)
        assert any(all(abs(int(c[i:i + 2], 16) - int(palette.NEUTRAL_ACCENT[i:i + 2], 16))
                       <= 2 for i in (1, 3, 5)) for c in colours), (pdf.name, colours)
        assert not colours & brick, (pdf.name, colours & brick)
    page = (folder / "index.html").read_text(encoding="utf-8")
    assert palette.NEUTRAL_ACCENT in page and palette.ACCENT not in page
    # no motif on the card's back: a hexagon field is some 1,000 line segments (catan-para-dos),
    # a plain back only its crop marks and the panel's edge
    with pikepdf.open(folder / "cards-a4.pdf") as sheet:
        back = [str(op) for _, op in pikepdf.parse_content_stream(sheet.pages[1])]
    assert back.count("l") < 20, back.count("l")


def test_every_scaffolded_yaml_file_names_its_schema_for_editors(project, capsys):
    """Each names the project's own copy of its schema (content/_schemas/), by a path that
    still holds once the project is cloned elsewhere: never one into this machine's
    site-packages. The copy is the program's schema, marked as the program's."""
    cli(capsys, "new", "mi-juego", "--cards")
    moved = project.parent / "elsewhere"
    shutil.move(project, moved)  # as a clone on another machine
    book = moved / "content" / "mi-juego"
    names = {*FILES.values(), EXAMPLE}
    files = list(book.rglob("*.yaml"))
    assert len(files) == 5, files
    for file in files:
        first = file.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema=../_schemas/"), (file, first)
        schema = (file.parent / first.split("=", 1)[1]).resolve()
        assert schema.parent == (moved / "content" / "_schemas").resolve(), schema
        assert schema.is_file() and schema.name.split(".")[0] in names, (file, schema)
        copy = json.loads(schema.read_text(encoding="utf-8"))
        assert copy.pop("$comment") == WRITTEN_BY
        assert copy == json.loads(installed_schema(schema.name.split(".")[0]).read_text(
            encoding="utf-8"))


def test_a_schema_of_the_designers_own_is_kept_and_an_old_copy_renewed(project, capsys):
    schemas = project / "content" / "_schemas"
    schemas.mkdir(parents=True)
    own = '{"$comment": "mine", "type": "object"}\n'
    (schemas / "book.schema.json").write_text(own, encoding="utf-8")
    old = json.dumps({"$comment": WRITTEN_BY, "type": "object"})
    (schemas / "glossary.schema.json").write_text(old, encoding="utf-8")
    (schemas / "rulings.schema.json").symlink_to(project / "rulebook.toml")
    before = (project / "rulebook.toml").read_bytes()
    assert cli(capsys, "new", "mi-juego")[0] == 0
    assert (schemas / "book.schema.json").read_text(encoding="utf-8") == own
    renewed = json.loads((schemas / "glossary.schema.json").read_text(encoding="utf-8"))
    assert renewed["$comment"] == WRITTEN_BY and "$defs" in renewed
    assert (project / "rulebook.toml").read_bytes() == before  # a link is not written through
    assert cli(capsys, "check")[0] == 0


@pytest.mark.parametrize("name, message", [
    ("Mi Juego", "'Mi Juego' cannot name a book; expected lower-case letters"),
    ("../fuera", "cannot name a book"),
    ("existe", "already exists; expected a new name"),
])
def test_new_refuses_a_bad_or_taken_name(name, message, project, capsys):
    cli(capsys, "new", "existe")
    before = files_under(project)
    code, out, err = cli(capsys, "new", name)
    assert code == 1 and message in err and "Traceback" not in err, err
    assert files_under(project) == before


# --- installed from a wheel ---------------------------------------------------------------------

def test_several_books_build_side_by_side_and_a_broken_one_stops_only_itself(tmp_path,
                                                                             capsys):
    """`rulebook build` with several books builds them in parallel processes: every good book
    is written, each broken one is its own error line, and the exit code says it failed."""
    content = tmp_path / "content"
    for slug in ("catan-base", "uno-contra-uno", "splendor-solitario"):
        shutil.copytree(CONTENT_ROOT / slug, content / slug)
    shutil.copytree(CONTENT_ROOT / "_facts", content / "_facts")
    broken = content / "uno-contra-uno" / "book.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("page_size: A5",
                                                                 "page_size: A3"),
                      encoding="utf-8")
    output = tmp_path / "out"
    code, out, err = cli(capsys, "build", "--content", str(content), "--output", str(output))
    assert code == 1
    assert "Traceback" not in err
    [line] = err.strip().splitlines()
    assert line.startswith("error: ") and "uno-contra-uno" in line and "book.yaml" in line, err
    built = {p.parent.name for p in output.glob("*/*.pdf")}
    assert built == {"catan-base", "splendor-solitario"}, built
    assert out.index("catan-base.pdf") < out.index("splendor-solitario.pdf")  # in book order

    broken = content / "catan-base" / "book.yaml"
    broken.write_text(broken.read_text(encoding="utf-8").replace("page_size: A4",
                                                                 "page_size: A3"),
                      encoding="utf-8")
    code, out, err = cli(capsys, "build", "--content", str(content), "--output", str(output))
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 3 and lines[-1] == "error: 2 of 3 books were not built (above)", err
    assert {"catan-base" in lines[0], "uno-contra-uno" in lines[1]} == {True}, err
