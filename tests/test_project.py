"""The tool works on the folder you stand in: a project is found by walking up to its
rulebook.toml (or content/ folder), started with `rulebook init` and `rulebook new`, and
built from a wheel installed anywhere, writing nothing outside the project."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from generator.cli import main
from generator.project import MARKER, find_project
from generator.schema import FORMATS
from repo import CONTENT_ROOT, ROOT


def files_under(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}


def pdf_text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(pdf).pages).split())


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
        assert code == 1 and "rulebook init" in err and "Traceback" not in err, (command, err)
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
    (["--lang", "en"], ["Introduction", "Rules", "Rulings", "The first to reach 10 VP wins",
                        "20 coins"]),
    (["--sheet"], ["Reglas", "Gana quien llega primero a 10 PV"]),
    (["--lang", "en", "--sheet", "--cards"], ["Rules", "The first to reach 10 VP wins"]),
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
    assert (project / "output" / "mi-juego" / "index.html").is_file()
    if "--cards" in options:
        assert [p for p in (pdf.parent).glob("*.pdf") if p != pdf]  # the card sheets


def test_every_scaffolded_yaml_file_names_its_schema_for_editors(project, capsys):
    cli(capsys, "new", "mi-juego", "--cards")
    book = project / "content" / "mi-juego"
    names = {fmt.name for fmt in FORMATS}
    for file in book.rglob("*.yaml"):
        first = file.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), file
        schema = (file.parent / first.split("=", 1)[1]).resolve()
        assert schema.is_file() and schema.name.split(".")[0] in names, (file, schema)


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

def _site_packages(venv: Path) -> Path:
    result = subprocess.run([str(venv / "bin" / "python"), "-c",
                             "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                            capture_output=True, text=True, check=True)
    return Path(result.stdout.strip())


def _wheel(source: Path, wheels: Path) -> Path:
    """A wheel built from a copy of `source` (the repository gets no build/ folder)."""
    copy = wheels.parent / "src" / source.name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info",
                                                                 "build"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(copy)], check=True, capture_output=True)
    return max(wheels.glob("*.whl"), key=lambda w: w.stat().st_mtime)


class Installed:
    """Wheels installed in a new venv without the repository on the path, run from a home
    folder of their own. Dependencies come from this environment's site-packages (a path
    line, so that this environment's editable install of the repository stays out)."""

    def __init__(self, tmp_path: Path, *wheels: Path):
        self.venv = tmp_path / "venv"
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(self.venv)],
                       check=True)
        self.site = _site_packages(self.venv)
        (self.site / "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n",
                                                    encoding="utf-8")
        subprocess.run([sys.executable, "-m", "pip", "--python", str(self.venv / "bin" / "python"),
                        "install", "-q", "--no-deps", *map(str, wheels)], check=True,
                       capture_output=True)
        self.installed = files_under(self.site)
        self.home = tmp_path / "home"
        self.home.mkdir()
        self.env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}

    def run(self, *args: str, cwd: Path) -> str:
        done = subprocess.run([str(self.venv / "bin" / "rulebook"), *args], cwd=cwd,
                              env=self.env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr, done.stderr
        return done.stdout

    def generator_file(self) -> str:
        return subprocess.run([str(self.venv / "bin" / "python"), "-c",
                               "import generator; print(generator.__file__)"], env=self.env,
                              cwd=self.home, capture_output=True, text=True, check=True).stdout


def _generator_wheel(tmp_path: Path) -> Path:
    source = tmp_path / "generator-src"
    for package in ("generator", "templates"):
        shutil.copytree(ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    return _wheel(source, tmp_path / "wheels")


def test_the_wheel_lists_every_package_of_the_source():
    """pyproject.toml names each package (templates/ ships as generator.templates): a package
    folder left out of the list would be missing from the wheel, and only users would see."""
    import tomllib
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {".".join(init.parent.relative_to(ROOT).parts)
               for init in (ROOT / "generator").rglob("__init__.py")}
    assert set(setuptools["packages"]) == folders | {"generator.templates"}
    assert setuptools["package-dir"]["generator.templates"] == "templates"
    assert (ROOT / "templates" / "__init__.py").is_file()


def test_a_wheel_installed_in_a_fresh_venv_builds_a_new_project(tmp_path):
    """The package as a user gets it: a wheel installed in a new venv, run in an empty folder."""
    user = Installed(tmp_path, _generator_wheel(tmp_path))
    site, home, installed, run = user.site, user.home, user.installed, user.run
    located = user.generator_file()
    assert located.startswith(str(site)), located  # the wheel, not the repository
    # The catalogs the program reads for its own words (an English book would not miss them).
    assert {Path(f"generator/locale/{language}/LC_MESSAGES/rulebook.mo")
            for language in ("es", "en")} <= installed
    run("init", "juegos", cwd=home)
    project = home / "juegos"
    run("new", "dados", "--lang", "en", "--cards", cwd=project)
    (project / "content" / "dados" / "chapters").mkdir(exist_ok=True)
    run("build", cwd=project / "content" / "dados" / "chapters")  # from deep inside
    out = project / "output" / "dados"
    assert {"dados.pdf", "index.html"} <= {p.name for p in out.iterdir()}
    assert "The first to reach 10 VP wins" in pdf_text(out / "dados.pdf")
    assert "<html" in (out / "index.html").read_text(encoding="utf-8")
    # The print-shop file's CMYK profile is package data: the installed wheel has it.
    with pikepdf.open(out / "cards-press.pdf") as shop:  # an English book's names
        assert int(shop.Root.OutputIntents[0].DestOutputProfile.N) == 4
    assert files_under(site) == installed  # nothing written into the installed package
    assert {p.parts[0] for p in files_under(home)} == {"juegos"}


def test_an_invented_dice_game_with_its_own_engine_builds_from_wheels(tmp_path):
    """The issue's test project, as a designer of another game makes it: the generator and the
    tutorial's dice engine (docs/dicegame) installed from wheels, the engine found by its entry
    point; a book with its own parameters and no resources, laid out as a sheet, with an image
    and a worked example the engine checks; PDF, HTML, cards and tokens built."""
    from PIL import Image, ImageDraw

    user = Installed(tmp_path, _generator_wheel(tmp_path), _wheel(ROOT / "docs" / "dicegame",
                                                                  tmp_path / "wheels"))
    user.run("init", "games", cwd=user.home)
    project = user.home / "games"
    user.run("new", "bust", "--lang", "en", "--sheet", "--cards", cwd=project)
    book = project / "content" / "bust"
    assert "layout: sheet" in (book / "book.yaml").read_text(encoding="utf-8")
    with (book / "book.yaml").open("a", encoding="utf-8") as file:
        file.write("engine: dice\n")
    (book / "components.yaml").write_text("game:\n  goal: 40\n  rounds: 5\n  dice: 3\n",
                                          encoding="utf-8")  # no resources at all
    for part in ("glossary.yaml", "examples/push-your-luck.yaml"):
        (book / part).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / "docs" / "dicegame" / "book" / part, book / part)
    rules = (ROOT / "docs" / "dicegame" / "book" / "chapters" / "02-rules.md").read_text(
        encoding="utf-8").replace("# Rules", "# Rules\n\nYou need {{ game.dice }} dice.", 1)
    rules += "\n![Three dice after a roll](figures/dice.png)\n"
    for old in (book / "chapters").glob("*.md"):
        old.unlink()
    (book / "chapters" / "01-rules.md").write_text(rules, encoding="utf-8")
    figures = book / "figures"
    figures.mkdir()
    picture = Image.new("RGB", (1800, 600), "white")
    for i in range(3):
        ImageDraw.Draw(picture).rounded_rectangle((100 + 600 * i, 100, 500 + 600 * i, 500),
                                                  40, outline="black", width=12)
    picture.save(figures / "dice.png")
    (book / "print.yaml").write_text(
        "cards:\n  back: {title: Bust, subtitle: Reference}\n  faces:\n"
        "    - id: summary\n      title: Summary\n      kind: lines\n      lines:\n"
        "        - Bank {{ goal }} VP in {{ game.rounds }} rounds.\n"
        "        - A 1 on any die loses the pot.\n"
        "tokens:\n  name: pots\n  name_one: pot\n  count: 5\n  diameter: 25\n  bleed: 3\n"
        "  front: {label: \"5\", caption: pot, colour: \"#2f5d8a\"}\n"
        "  back: {label: \"10\", caption: pot, colour: \"#6c727c\"}\n", encoding="utf-8")
    with (book / "book.yaml").open("r+", encoding="utf-8") as file:
        text = file.read().replace("  - 01-rules.md\n", "").replace("chapters:\n",
                                                                     "chapters:\n  - 01-rules.md\n")
        file.seek(0), file.truncate(), file.write(text)

    said = " ".join(user.run("check", "bust", cwd=project).split())
    assert "1 worked example replayed" in said, said
    said = " ".join(user.run("build", "bust", cwd=project).split())
    out = project / "output" / "bust"
    pdf = PdfReader(out / "bust.pdf")
    assert len(pdf.pages) <= 2  # a sheet
    text = pdf_text(out / "bust.pdf")
    assert "You need 3 dice" in text and "5 rounds to bank 40 VP" in text, text
    assert "Three dice after a roll" in text
    images = [name for page in pdf.pages for name in page.images]
    assert images, "the PNG is in the PDF"
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="data:image/png;base64,' in html and 'alt="Three dice after a roll"' in html
    assert "Bank before you bust" in html  # the checked example, in the HTML edition too
    assert "Bank before you bust" in text and "Not allowed: bank the pot" in text, text
    cards, tokens = pdf_text(out / "cards-a4.pdf"), pdf_text(out / "tokens-a4.pdf")
    assert "Bank 40 VP in 5 rounds." in cards and "A 1 on any die loses the pot." in cards
    assert "pot" in tokens and "10" in tokens, tokens
    assert len(PdfReader(out / "tokens-press.pdf").pages) == 2  # one front/back pair
    assert files_under(user.site) == user.installed


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
