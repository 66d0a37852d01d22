"""The documented formats: JSON Schemas and reference pages generated from the content model,
kept in step with it, shipped in the package; and every `docs/…` path the code names exists."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

import reference
from generator import schema
from repo import ROOT

RUN = "run `python scripts/make_reference.py` and commit what it writes"


def test_generated_files_are_up_to_date():
    """As a contributor checks it: the script's --check mode, which lists what differs."""
    done = subprocess.run([sys.executable, "scripts/make_reference.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, (f"the content-file reference is out of step with the "
                                  f"model; {RUN}:\n{done.stdout}{done.stderr}")


def test_every_field_is_described():
    missing = reference.undescribed()
    assert not missing, ("fields with neither a comment on their line in the model nor an entry "
                         f"in scripts/reference.py FIELD_NOTES: {', '.join(missing)}; then {RUN}")


def test_no_stale_field_notes():
    assert not reference.stale_notes(), ("FIELD_NOTES entries naming no field, or a field the "
                                      f"model comments itself: {reference.stale_notes()}")


def test_every_content_file_has_a_format():
    """Each YAML file a book folder holds is documented (a new kind of file needs a page)."""
    for book in sorted(p for p in (ROOT / "content").iterdir() if (p / "book.yaml").is_file()):
        for file in sorted(book.rglob("*.yaml")):
            relative = file.relative_to(book).as_posix()
            assert schema.schema_for_file(relative), f"{file.relative_to(ROOT)} has no documented format"


@pytest.mark.parametrize("fmt", reference.FORMATS, ids=lambda f: f.name)
def test_schema_is_shipped_and_loadable(fmt):
    shipped = schema.installed_schema(fmt.name)
    assert shipped.is_file(), f"generator/schemas/{schema.schema_file_name(fmt.name)} missing; {RUN}"
    data = json.loads(shipped.read_text(encoding="utf-8"))
    assert data["$schema"] == reference.JSON_SCHEMA_DIALECT
    assert data["title"] == fmt.file


def test_schemas_are_package_data():
    """The wheel carries generator/schemas/*.json (importlib.resources finds them installed)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["generator"]
    assert "schemas/*.json" in patterns


@pytest.mark.parametrize("fmt", reference.FORMATS, ids=lambda f: f.name)
def test_schema_matches_every_real_file(fmt):
    """A light structural check of the shipped schema against the repository's content: every
    key of every file of this format is a property the schema declares, and every required
    property is present (no JSON Schema validator is a dependency of this project)."""
    data = json.loads(schema.installed_schema(fmt.name).read_text(encoding="utf-8"))
    defs = data.get("$defs", {})

    def resolve(node):
        while "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        options = [o for o in node.get("anyOf", []) if o.get("type") != "null"]
        return resolve(options[0]) if len(options) == 1 else node

    def check(value, node, where):
        node = resolve(node)
        if isinstance(value, dict) and "properties" in node:
            assert set(value) <= set(node["properties"]), f"{where}: {set(value) - set(node['properties'])}"
            assert set(node.get("required", [])) <= set(value), f"{where}: missing required"
            for key, item in value.items():
                check(item, node["properties"][key], f"{where}.{key}")
        elif isinstance(value, list) and isinstance(node.get("items"), dict):
            for i, item in enumerate(value):
                check(item, node["items"], f"{where}[{i}]")

    if fmt.name == "example":
        files = sorted((ROOT / "content" / "solo-catan").glob("*/*.yaml"))
        files = [f for f in files if f.parent.name in ("examples", "scenarios")]
    else:
        files = sorted((ROOT / "content").glob(f"*/{fmt.file}"))
    assert files
    for file in files:
        check(yaml.safe_load(file.read_text(encoding="utf-8")), data, str(file.relative_to(ROOT)))


@pytest.mark.parametrize("fmt", reference.FORMATS, ids=lambda f: f.name)
def test_reference_page_example_is_valid(fmt):
    """The page's example is real content and still a valid file of its format."""
    page = (ROOT / "docs" / "reference" / f"{fmt.name}.md").read_text(encoding="utf-8")
    block = re.search(r"## Example\n\nFrom `content/([^`]+)`.*?```yaml\n(.*?)```", page, re.S)
    assert block and block.group(1) == fmt.sample
    TypeAdapter(fmt.type).validate_python(yaml.safe_load(block.group(2)))


def test_reference_index_lists_every_page():
    index = (ROOT / "docs" / "reference" / "README.md").read_text(encoding="utf-8")
    for fmt in reference.FORMATS:
        assert f"({fmt.name}.md)" in index


MD_LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def test_reference_links_resolve():
    for page in sorted((ROOT / "docs" / "reference").glob("*.md")):
        for target, _ in MD_LINK.findall(page.read_text(encoding="utf-8")):
            if not re.match(r"[a-z]+:", target):
                assert (page.parent / target).exists(), f"{page.relative_to(ROOT)} links {target}"


DOCS_PATH = re.compile(r"\bdocs/[\w./-]*\w")
SEE_DOCS = re.compile(r"see the (?:documentation|docs)\b", re.I)


def test_documentation_named_by_the_code_exists():
    """Every `docs/…` path in generator/ (error messages, docstrings) names a file or folder
    that exists, and every "see the documentation" says which file."""
    found = 0
    for file in sorted((ROOT / "generator").rglob("*.py")):
        for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            where = f"{file.relative_to(ROOT)}:{number}"
            for path in DOCS_PATH.findall(line):
                found += 1
                assert (ROOT / path).exists(), f"{where} names {path}, which does not exist"
            if SEE_DOCS.search(line):
                assert DOCS_PATH.search(line), f"{where} says 'see the documentation' without a docs/ path"
    assert found, "no docs/ path found in generator/: the search itself is broken"


def test_modeline_points_at_the_installed_schema(tmp_path):
    line = schema.modeline("rulings", tmp_path / "rulings.yaml")
    assert line.startswith("# yaml-language-server: $schema=")
    target = (tmp_path / line.split("=", 1)[1]).resolve()
    assert target == Path(str(schema.installed_schema("rulings"))).resolve()
    assert schema.schema_for_file("scenarios/x.yaml") == "example"
    assert schema.schema_for_file("board.yaml") == "board"


def test_the_command_says_its_version(capsys):
    import importlib.metadata
    from generator.cli import main
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == \
        f"rulebook {importlib.metadata.version('rulebook-generator')}"


def test_each_documented_file_is_the_one_the_package_names_a_schema_for():
    """The package's list of files (generator/schema.py FILES, what a scaffold's modelines
    use) and the reference pages' formats name the same files."""
    documented = {fmt.file: fmt.name for fmt in reference.FORMATS if fmt.name != schema.EXAMPLE}
    assert documented == schema.FILES
