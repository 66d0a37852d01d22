"""Each book's HTML edition carries its own fonts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.typefaces import DEFAULT
from generator.html.fonts import faces

from repo import editions, html_of

#: The faces a page in the default typefaces embeds.
FACES = faces(DEFAULT)

BOOKS = editions()


@pytest.fixture(scope="module")
def books(built) -> dict[str, Path]:
    """Every edition's index.html (built once a run, as `rulebook build` builds it)."""
    return {name: html_of(built, name) for name in BOOKS}


def test_each_page_embeds_its_fonts_in_its_own_stylesheet(books):
    """Six @font-face rules, each a WOFF2 data: URI, survive the sanitiser in the inline
    stylesheet; nothing in the page points to a file or a server for its type."""
    for book, html in books.items():
        page = html.read_text(encoding="utf-8")
        style = re.search(r"(?s)<style>(.*?)</style>", page).group(1)
        faces = re.findall(r"@font-face \{[^}]*\}", style)
        assert len(faces) == len(FACES), book
        for face in faces:
            assert re.search(r"src: url\(data:font/woff2;base64,[A-Za-z0-9+/]+={0,2}\) "
                             r'format\("woff2"\)', face), book
        assert not re.search(r"url\((?!data:)", style), f"{book}: only data: URIs"
        assert "<link" not in page and "@import" not in style
