"""Paragraphs that break their lines once, not every time ReportLab measures them.

Line breaking (with hyphenation) is most of the time of a layout pass, and ReportLab repeats
it: a table measures each cell to size its rows, again to draw it, and again when it splits
over a page; KeepTogether measures its content and the frame then measures it again. In this
book's example boxes that is about 2.4 breaks per paragraph and pass. Two caches remove the
repeats, each keeping the output byte for byte what ReportLab makes without them:

- per paragraph: wrapped again at the width of its last wrap (within `SAME_WIDTH`), with
  nothing changed in between (no split), a paragraph returns the lines it has; ReportLab
  would break its own result once more and get the same lines (checked on every book, page
  size and repeat);
- per process, by content: `ParagraphCache.get` hands out the paragraph of an earlier layout
  pass or build when text and style (by value) are the same, so the next pass of a build, and
  the next build of a watcher after an edit, break again only what changed. A paragraph is
  handed out again only if, in its last layout, it was wrapped at one width and never split:
  then its state is the state of a new paragraph after its first wrap. Should its first wrap
  in the new layout be at another width, it is parsed afresh first, exactly as a new one.

The paragraph is also where the book's hyphenation policy is applied to broken lines
(`breakLines`, hyphenation.py): a break the policy does not want is undone by breaking the
paragraph again with that word left whole. The result depends on text, style and width
alone, as ReportLab's own breaking does, so the caches above hold as they are.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable

from reportlab.platypus import Paragraph as _Paragraph
from reportlab.platypus.paragraph import cleanBlockQuotedText

from generator.draw.hyphenation import MAX_TRIES, policed, sparing_style, unwanted_break


#: Widths this close are one width: a frame's width is `x2 - x1` (ReportLab), so the frames of
#: left and right pages, at other x, differ in the last bit; a paragraph measured on one page
#: and set on the next was broken twice, and was no longer reusable by the next build.
SAME_WIDTH = 1e-6  # points


class Paragraph(_Paragraph):
    """ReportLab's Paragraph, remembering its last wrap (see the module's docstring)."""

    _memo = None     # (width, blPara, (width, height)) of the last wrap
    _clean = True    # wrapped at one width only, never split: reusable as if new
    _source = None   # (text, style, bulletText) as given, to parse afresh
    _stale = False   # handed out again by the cache, not yet wrapped in its new layout
    _layout = None   # the layout pass that last handed it out (ParagraphCache.get)
    _born = None     # its attributes when made (by the cache)
    _keys = None     # ... and those its first wrap added: what a layout adds is dropped
    _inherited = None  # (words left whole, at own hyphens too) by the paragraph split into it

    def __init__(self, text, style=None, bulletText=None, frags=None, caseSensitive=1,
                 encoding="utf8"):
        super().__init__(text, style, bulletText, frags, caseSensitive, encoding)
        if frags is None:
            self._source = (text, style, bulletText)

    def wrap(self, availWidth, availHeight):
        memo = self._memo
        if (memo is not None and abs(memo[0] - availWidth) <= SAME_WIDTH
                and self.__dict__.get("blPara") is memo[1]):
            self._stale = False
            self.width, self.height = memo[2]
            return memo[2]
        if self._stale:  # reused, but first wrapped at another width: start as a new one
            self._reset()
        elif memo is not None:
            self._clean = False
        before = set(self.__dict__) if self._keys is None else None
        size = super().wrap(availWidth, availHeight)
        self._memo = (availWidth, self.blPara, size)
        if before is not None and self._born is not None:  # the first wrap: what it adds
            self._keys = self._born | (self.__dict__.keys() - before) | {"_memo", "_keys"}
        return size

    def breakLines(self, width):
        """ReportLab's lines, with the breaks the hyphenation policy does not want undone
        (hyphenation.py). The parts of a paragraph split over a page are broken with the
        words the whole paragraph left whole (`_inherited`), so that they keep its lines; the
        first part is not checked again: its lines were counted to fit, and its last line is
        not the paragraph's."""
        frags = self.frags
        style = self.style
        spared, embedded = self._inherited or (frozenset(), False)
        lines = self._break(width, frags, style, spared, embedded)
        if getattr(self, "_splitpara", 0) or not policed(style) or len(lines.lines) < 2:
            return lines
        source = "".join(getattr(f, "text", "") or "" for f in frags)
        for _ in range(MAX_TRIES):
            found = unwanted_break(lines, style, source)
            if found is None or found[0] in spared and (embedded or not found[1]):
                break
            spared = spared | {found[0]}
            embedded = embedded or found[1]
            lines = self._break(width, frags, style, spared, embedded)
        self._spared = (spared, embedded)
        return lines

    def _break(self, width, frags, style, spared, embedded):
        """ReportLab's line breaking of `frags` with `spared` words left whole."""
        self.frags = frags  # ReportLab leaves its word list here (a frag paragraph)
        if not spared or not policed(style):
            return super().breakLines(width)
        self.style = sparing_style(style, spared, embedded)
        try:
            return super().breakLines(width)
        finally:
            self.style = style

    def _reuse(self, layout: object) -> None:
        """Ready for another layout: what the last one set on it (a frame's `_postponed`,
        say) is dropped, so it is what a new paragraph is after its first wrap."""
        for name in [n for n in self.__dict__ if n not in self._keys]:
            del self.__dict__[name]
        self._layout = layout
        self._stale = True

    def split(self, availWidth, availHeight):
        if self._stale:
            self._reset()
        self._clean = False
        self._memo = None
        parts = super().split(availWidth, availHeight)
        spared = self.__dict__.get("_spared") or self._inherited
        for part in parts:
            if part is not self and spared:
                part._inherited = spared
        if len(parts) == 2:
            _drop_leading_break(parts[1])
        return parts

    def minWidth(self):
        if self._stale:
            self._reset()
        return super().minWidth()

    def getPlainText(self, identify=None):
        if self._stale:
            self._reset()
        return super().getPlainText(identify)

    def _reset(self) -> None:
        text, style, bullet = self._source
        for name in ("blPara", "_memo", "width", "height", "_spared"):
            self.__dict__.pop(name, None)
        self._setup(text, style, bullet, None, cleanBlockQuotedText)
        self._stale = False
        self._clean = True


def _drop_leading_break(paragraph) -> None:
    """The part of a paragraph after a page break that fell just after a `<br/>` starts
    with that break: ReportLab would set an empty line at the top of the page."""
    frags = paragraph.frags
    while (frags and isinstance(frags[0], list) and len(frags[0]) > 1
           and getattr(frags[0][1][0], "lineBreak", False)):
        del frags[0]


_SIGNATURES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def style_signature(style) -> tuple:
    """A paragraph style by value (its name and parent aside): what the lines depend on."""
    signature = _SIGNATURES.get(style)
    if signature is None:
        signature = tuple((key, _value(value)) for key, value in sorted(vars(style).items())
                          if key not in ("name", "parent"))
        _SIGNATURES[style] = signature
    return signature


def _value(value):
    try:
        hash(value)
    except TypeError:
        return (type(value).__name__, repr(value))
    return value


class ParagraphCache:
    """Paragraphs by text and style, across the layout passes and builds of one process."""

    def __init__(self, size: int = 8000):
        self.size = size
        self._items: OrderedDict = OrderedDict()

    def get(self, text: str, style, layout: object, bulletText=None,
            make: Callable[[], Paragraph] | None = None, kind: tuple = ()) -> Paragraph:
        """A paragraph of `text` in `style` for the layout pass `layout` (any object, the
        same for the whole pass): one is handed out at most once per layout. `make` makes
        a new one of a subclass, whose other arguments `kind` names (a heading's anchor…)."""
        key = (text, style_signature(style), bulletText, kind)
        found = self._items.get(key)
        if (found is not None and found._clean and found._keys is not None
                and found._layout is not layout):
            self._items.move_to_end(key)
            found._reuse(layout)
            return found
        paragraph = make() if make is not None else Paragraph(text, style, bulletText)
        paragraph._layout = layout
        paragraph._born = frozenset(paragraph.__dict__)
        self._items[key] = paragraph
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return paragraph


_LOCAL = threading.local()


def paragraph_cache() -> ParagraphCache:
    """This thread's cache: a paragraph is laid out by one layout at a time, and two builds
    in two threads (a watcher and a command, say) never share one."""
    cache = getattr(_LOCAL, "cache", None)
    if cache is None:
        cache = _LOCAL.cache = ParagraphCache()
    return cache
