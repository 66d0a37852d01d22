"""Hyphenation as a typesetter sets ragged-right text: rarely, and never where it shows.

ReportLab hyphenates through pyphen whenever a word does not fit at the end of a line and a
head of it does. In ragged-right text that breaks far more words than needed. The book's
policy, in two parts:

- `Hyphenation`, the callable a style gives ReportLab as `hyphenationLang` (ReportLab calls
  it with a word and takes the first (head, tail) pair that fits): pyphen with at least
  `LEFT` letters before the break and `RIGHT` after it, for words of `MIN_WORD` letters or
  more (the style's `hyphenationMinWordLength` says the same to ReportLab);
- `unwanted_break`, read after a paragraph's lines are broken (paragraphs.py): a break whose
  tail starts the paragraph's last line (a runt like "caba-/llo.") or a line ended by a
  `<br/>`, or one on a line that would be `RAGGED` full without it (a break the ragged
  margin does not need). The paragraph is broken again with that word left whole
  (`Hyphenation.sparing`), until none is left (at most `MAX_TRIES` times).

Links and labels are never hyphenated: their markup carries ReportLab's `<nobr>` (story.py),
which turns hyphenation off inside it.
"""

from __future__ import annotations

import re
from functools import lru_cache

import pyphen
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus.paragraph import _SplitWordH, _SplitWordHY

MIN_WORD = 7   # letters in the shortest word that may be broken
LEFT = 3       # letters before the hyphen, at least
RIGHT = 3      # letters after it, at least
#: A break is needed only if, without it, its line would be shorter than this share of the
#: measure: a ragged margin that deep is what hyphenation is for.
RAGGED = 0.86
MAX_TRIES = 8  # re-breaks of one paragraph (each leaves one more word whole)

_EDGES = re.compile(r"^[\W\d_]+|[\W\d_]+$")


def _bare(word: str) -> str:
    """A word without the punctuation around it ("(caballo)." → "caballo"), as ReportLab
    hands it to the hyphenator."""
    return _EDGES.sub("", word)


#: The patterns a book's language is broken by, where pyphen's own fallback is not the one
#: wanted: plain "en" falls back to British patterns ("tech-no-logy", "pro-gress"); an
#: English edition follows US usage ("tech-nol-o-gy", "progress" whole).
PATTERNS = {"en": "en_US"}


@lru_cache(maxsize=None)
def _dictionary(language: str) -> pyphen.Pyphen:
    return pyphen.Pyphen(lang=PATTERNS.get(language, language), left=LEFT, right=RIGHT)


class Hyphenation:
    """The hyphenator of a language under the book's policy; `spare` are words it leaves
    whole. Equal by value, so that styles made again in the next layout pass sign the same
    (paragraphs.style_signature)."""

    def __init__(self, language: str, spare: frozenset[str] = frozenset()):
        self.language = language
        self.spare = spare
        self._key = (language, spare, MIN_WORD, LEFT, RIGHT)

    def __call__(self, word: str):
        if _bare(word) in self.spare or sum(c.isalpha() for c in word) < MIN_WORD:
            return iter(())
        return _dictionary(self.language).iterate(word)

    def sparing(self, words) -> "Hyphenation":
        return Hyphenation(self.language, self.spare | frozenset(words))

    def __eq__(self, other):
        return isinstance(other, Hyphenation) and other._key == self._key

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        return f"Hyphenation({self.language!r}, spare={sorted(self.spare)})"


def hyphenation_style(language: str) -> dict:
    """The style attributes that hyphenate a paragraph under the policy (for a language
    pyphen does not know, none: no hyphenation)."""
    if not language or language not in pyphen.LANGUAGES and not any(
            lang.startswith(language + "_") for lang in pyphen.LANGUAGES):
        return {"hyphenationLang": ""}
    return {"hyphenationLang": Hyphenation(language), "hyphenationMinWordLength": MIN_WORD}


def policed(style) -> bool:
    return isinstance(getattr(style, "hyphenationLang", None), Hyphenation)


def sparing_style(style, words: set[str], embedded: bool) -> ParagraphStyle:
    """`style` with `words` left whole (and words with a hyphen of their own left whole too,
    when the break to undo was at such a hyphen)."""
    changes = {"hyphenationLang": style.hyphenationLang.sparing(words)}
    if embedded:
        changes["embeddedHyphenation"] = 0
    return ParagraphStyle(style.name, parent=style, **changes)


# --- reading broken lines -------------------------------------------------------------------

def _line_text(line, kind: int) -> str:
    if kind == 0:
        return " ".join(line[1])
    return "".join(getattr(f, "text", "") or "" for f in line.words)


def _first_word(line, kind: int) -> str:
    text = _line_text(line, kind).lstrip()
    return text.split(" ", 1)[0] if text else ""


def _head(line, kind: int) -> tuple[str, float] | None:
    """The hyphenated head ending `line` ("histó-") and its width, or None."""
    if kind == 0:
        words = line[1]
        if not words or not isinstance(words[-1], _SplitWordH) or not words[-1].endswith("-"):
            return None  # (a web address broken at a slash has no hyphen to undo)
        head = str(words[-1])
        return head, None
    frags = [f for f in line.words if getattr(f, "text", None)]
    if not frags:
        return None
    text = "".join(f.text for f in frags).rstrip()
    if len(text) < 2 or text[-1] != "-" or not text[-2].isalpha():
        return None
    width, collected = 0.0, ""
    for f in reversed(frags):
        part = f.text.rstrip() if not collected else f.text
        piece = part.rsplit(" ", 1)[-1]
        collected = piece + collected
        width += stringWidth(piece, f.fontName, f.fontSize)
        if " " in part:
            break
    return collected, width


def unwanted_break(blPara, style, source: str) -> tuple[str, bool] | None:
    """The first hyphenated break the policy does not want in these broken lines, as (the
    word broken, whether it broke at a hyphen of its own), or None. `source`: the
    paragraph's text, where a word with a hyphen of its own is found as it is written."""
    lines = blPara.lines
    kind = blPara.kind
    if len(lines) < 2:
        return None
    for n, line in enumerate(lines[:-1]):
        found = _head(line, kind)
        if found is None:
            continue
        head, width = found
        tail = _bare(_first_word(lines[n + 1], kind))
        # an added hyphen ("histó-" + "rica") or a word's own ("dos-" + "jugadores")
        added = _bare(head[:-1] + tail) if head.endswith("-") else _bare(head + tail)
        own = _bare(head + tail)
        if kind == 0:
            embedded = not isinstance(line[1][-1], _SplitWordHY)
        else:
            embedded = "-" in own and own in source
        # its tail starts the last line, or a line a <br/> ends (one of a block's lines)
        if n + 1 == len(lines) - 1 or kind == 1 and getattr(lines[n + 1], "lineBreak", False):
            return (own if embedded else added), embedded
        if kind == 0:
            extra = line[0]
            width = stringWidth(head, style.fontName, style.fontSize)
            space = stringWidth(" ", style.fontName, style.fontSize)
            measure = extra + _line_width(line, style)
        else:
            extra = line.extraSpace
            space = stringWidth(" ", style.fontName, style.fontSize)
            measure = line.maxWidth
        if measure > 0 and (measure - extra - width - space) / measure >= RAGGED:
            return (own if embedded else added), embedded
    return None


def _line_width(line, style) -> float:
    words = line[1]
    return (sum(stringWidth(w, style.fontName, style.fontSize) for w in words)
            + stringWidth(" ", style.fontName, style.fontSize) * (len(words) - 1))
