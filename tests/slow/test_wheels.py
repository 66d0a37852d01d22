"""The package as a user installs it: a wheel in a fresh virtual environment builds a new
project, and an invented game's engine installs beside it from its own wheel."""

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

from repo import ROOT


def files_under(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*") if p.is_file()}


def pdf_text(pdf: Path) -> str:
    return " ".join(" ".join(page.extract_text() or "" for page in PdfReader(pdf).pages).split())


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


@pytest.fixture(scope="module")
def generator_wheel(tmp_path_factory) -> Path:
    """The generator's wheel, built once for the module's tests (each installs it afresh)."""
    folder = tmp_path_factory.mktemp("generator-wheel")
    source = folder / "generator-src"
    for package in ("generator", "templates", "docs"):
        shutil.copytree(ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    return _wheel(source, folder / "wheels")


def test_the_wheel_lists_every_package_of_the_source():
    """pyproject.toml names each package (templates/ ships as generator.templates, docs/ as
    generator.docs): a package
    folder left out of the list would be missing from the wheel, and only users would see."""
    import tomllib
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    folders = {".".join(init.parent.relative_to(ROOT).parts)
               for init in (ROOT / "generator").rglob("__init__.py")}
    assert set(setuptools["packages"]) == folders | {"generator.templates", "generator.docs"}
    for package, folder in (("generator.templates", "templates"), ("generator.docs", "docs")):
        assert setuptools["package-dir"][package] == folder
        assert (ROOT / folder / "__init__.py").is_file()


def test_a_wheel_installed_in_a_fresh_venv_builds_a_new_project(tmp_path, generator_wheel):
    """The package as a user gets it: a wheel installed in a new venv, run in an empty folder."""
    user = Installed(tmp_path, generator_wheel)
    site, home, installed, run = user.site, user.home, user.installed, user.run
    located = user.generator_file()
    assert located.startswith(str(site)), located  # the wheel, not the repository
    # The catalogs the program reads for its own words (an English book would not miss them).
    assert {Path(f"generator/locale/{language}/LC_MESSAGES/rulebook.mo")
            for language in ("es", "en")} <= installed
    # The documentation ships too: `rulebook docs` with no checkout at hand.
    assert run("docs", "engines", cwd=home) == (ROOT / "docs" / "engines.md").read_text(
        encoding="utf-8")
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


def test_an_invented_dice_game_with_its_own_engine_builds_from_wheels(tmp_path,
                                                                   generator_wheel):
    """The issue's test project, as a designer of another game makes it: the generator and the
    tutorial's dice engine (docs/dicegame) installed from wheels, the engine found by its entry
    point; a book with its own parameters and no resources, laid out as a sheet, with an image
    and a worked example the engine checks; PDF, HTML, cards and tokens built."""
    from PIL import Image, ImageDraw

    user = Installed(tmp_path, generator_wheel, _wheel(ROOT / "docs" / "dicegame",
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
