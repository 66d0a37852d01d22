"""`rulebook docs`: the documentation, as shipped in the package (`generator.docs`, the
repository's docs/ folder), for a designer who installed a wheel and has no checkout.

`rulebook docs` lists the pages, each with its title; `rulebook docs PAGE` shows one
(`engines`, `reference/book`): set as Markdown in a terminal, the Markdown itself when piped
(`rulebook docs engines > engines.md`). Read through importlib.resources, so a wheel and this
checkout show the same pages.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from importlib import resources

from generator.errors import UsageError


@dataclass(frozen=True)
class Page:
    name: str   # the page's path under docs/, without ".md": "engines", "reference/book"
    title: str  # its first heading
    text: str


def pages() -> list[Page]:
    """Every page, the top-level ones first, each folder's in name order."""
    root = resources.files("generator.docs")
    found = []
    for folder, prefix in ((root, ""), (root / "reference", "reference/")):
        for file in sorted(folder.iterdir(), key=lambda f: f.name):
            if file.is_file() and file.name.endswith(".md"):
                text = file.read_text(encoding="utf-8")
                name = prefix + file.name[:-3]
                found.append(Page(name, _title(text) or name, text))
    return found


def _title(text: str) -> str:
    return next((line.lstrip("#").strip() for line in text.splitlines()
                 if line.startswith("# ")), "")


def page(name: str) -> Page:
    """The page called `name` (".md" and a leading "docs/" may be given too)."""
    wanted = name.strip().removeprefix("docs/").removesuffix(".md")
    every = pages()
    for found in every:
        if found.name == wanted or found.name == f"reference/{wanted}" and \
                not any(p.name == wanted for p in every):
            return found
    close = difflib.get_close_matches(wanted, [p.name for p in every], n=3)
    hint = f"did you mean {', '.join(close)}? " if close else ""
    raise UsageError(f"docs {name[:60]!r}: no such page; {hint}`rulebook docs` lists them")


def show(name: str | None, out) -> None:
    """The list of pages, or one page: set as Markdown on a terminal, raw when piped."""
    if name is None:
        every = pages()
        width = max(len(p.name) for p in every)
        for found in every:
            out.print(f"{found.name:<{width}}  {found.title}", markup=False, highlight=False,
                      soft_wrap=True)
        out.print("\nrulebook docs PAGE shows one (rulebook docs engines, rulebook docs "
                  "reference/book)", markup=False, highlight=False, soft_wrap=True)
        return
    text = page(name).text
    if out.is_terminal:
        from rich.markdown import Markdown
        out.print(Markdown(text))
    else:
        out.print(text, markup=False, highlight=False, soft_wrap=True, end="")
