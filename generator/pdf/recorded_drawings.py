"""Vector drawings drawn once: their PDF operators recorded, then replayed.

Drawing a ReportLab `Drawing` walks its shape tree node by node (renderPDF: a state push,
a state diff, the operators formatted number by number); a position diagram has a hundred
nodes, and a book fifty diagrams, which the watcher drew again after every save although
they had not changed. The operators a drawing makes do not depend on where it is drawn (a
flowable draws at its own origin), except its text: a TrueType font's glyph codes and
resource names belong to the document being written (font subsets, `/F1+0`). So the first
draw is recorded as it happens on the real page: the runs of operators between text calls
are kept as text, the text calls themselves (`drawString`, `setFont`…) as calls, with the
canvas state each ran in. A replay appends the kept operators and makes the text calls
again on the new document's canvas, so the file is the one a direct draw makes, byte for
byte (tests/test_render_cache.py).

Only operators known to name nothing of the document are kept as text (paths, colours,
line styles, the graphics state); a drawing that does anything else (transparency, an
image, overprint) is simply drawn directly every time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from reportlab.graphics.shapes import Drawing
from reportlab.pdfgen.canvas import Canvas

#: Canvas calls whose output belongs to the document (font subsets and their resources):
#: made again on every replay.
TEXT_CALLS = frozenset({"setFont", "setFontSize", "drawString", "drawRightString",
                        "drawCentredString", "drawCenteredString"})
#: Canvas calls that set the transparency state (svglib sets an opacity on every shape, most
#: often the 1 it already is): kept out of a recording when they write nothing, else the
#: drawing is not recorded. Their one trace in the document is the PDF version transparency
#: needs, which a replay asks for again.
GSTATE_CALLS = frozenset({"setFillAlpha", "setStrokeAlpha", "setFillOverprint",
                          "setStrokeOverprint", "setOverprintMask", "setBlendMode"})
#: Canvas calls that add to the document (an image, a link, a form): not recorded.
DOCUMENT_CALLS = frozenset({"drawInlineImage", "drawImage", "linkURL", "linkRect",
                            "linkAbsolute", "doForm", "beginForm", "shade", "linearGradient",
                            "radialGradient", "bookmarkPage", "bookmarkHorizontal",
                            "bookmarkHorizontalAbsolute", "addOutlineEntry", "textAnnotation",
                            "inkAnnotation", "freeTextAnnotation", "highlightAnnotation"})
#: PDF content operators that name no resource: what a recorded run of operators may hold.
PLAIN_OPERATORS = frozenset({"q", "Q", "cm", "w", "J", "j", "M", "d", "m", "l", "c", "v", "y",
                             "h", "re", "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n",
                             "W", "W*", "g", "G", "rg", "RG", "k", "K"})
#: A run of operators made only of numbers, dash-array brackets and PLAIN_OPERATORS, each
#: token whole (atomic groups: one way to read a run, so a refused one fails at once).
PLAIN_RUN = re.compile(r"(?:\s*+(?>[\[\]]|(?:[-+]?(?:\d+\.?\d*|\.\d+)|"
                       + "|".join(re.escape(op) for op in sorted(PLAIN_OPERATORS, key=len,
                                                                  reverse=True))
                       + r")(?![^\s\[\]])))*+\s*+")
#: The canvas state a text call reads, saved with it. Not the transparency state: it stays
#: the page's own (a recorded drawing leaves it as it found it, at the defaults).
STATE = tuple(name for name in Canvas.STATE_ATTRIBUTES if name != "_extgstate")


@dataclass
class Recording:
    """A drawing's page operators: runs of plain operators (text) and text calls, each
    with the canvas state it ran in; and the PDF features it asked the document for."""

    items: list = field(default_factory=list)
    features: tuple[str, ...] = ()

    def replay(self, canvas: Canvas) -> None:
        saved = _state(canvas)
        code = canvas._code
        for item in self.items:
            if item.__class__ is str:
                code.append(item)
                continue
            state, name, args, options = item
            canvas.__dict__.update(state)
            getattr(canvas, name)(*args, **options)
        canvas.__dict__.update(saved)  # the drawing's own q … Q restored the page's state
        canvas._doc.ensureMinPdfVersion(*self.features)


class RecordedDrawing:
    """A drawing, drawn for real the first time it meets a canvas of a colour space (the
    print-shop PDF turns every colour into CMYK) and replayed from that recording after.

    The recordings live on the object, as long as its holder keeps it (the figures' cache
    keeps the `MarkedDrawing` that holds it): no cache of their own to bound or key."""

    __slots__ = ("art", "_recordings")

    def __init__(self, art: Drawing):
        self.art = art
        #: Colour converter (None: the canvas's colours as given) → its recording, or None
        #: for a drawing that cannot be replayed.
        self._recordings: dict = {}

    def draw(self, canvas: Canvas) -> None:
        """`art.drawOn(canvas, 0, 0)`, replayed when it was recorded before."""
        converter = canvas._enforceColorSpace
        if converter not in self._recordings:
            self._recordings[converter] = _record(self.art, canvas)
        elif (recording := self._recordings[converter]) is not None \
                and _default_gstate(canvas):
            recording.replay(canvas)
        else:
            self.art.drawOn(canvas, 0, 0)

    @property
    def recordings(self) -> list[Recording | None]:
        """What each colour space's first draw left: a recording, or None."""
        return list(self._recordings.values())


def _record(art: Drawing, canvas: Canvas) -> Recording | None:
    """Draw `art` on `canvas` for real, and its recording (None: it cannot be replayed)."""
    recorder = _Recorder(canvas)
    doc = canvas._doc
    features: list[str] = []
    ensure = doc.ensureMinPdfVersion

    def noted(*keys):
        features.extend(keys)
        ensure(*keys)

    plain = _default_gstate(canvas)
    doc.ensureMinPdfVersion = noted
    try:
        art.drawOn(recorder, 0, 0)
    finally:
        del doc.ensureMinPdfVersion  # the class's own again
    recorder.flush()
    if not (plain and recorder.plain):
        return None
    return Recording(recorder.items, tuple(dict.fromkeys(features)))


def _default_gstate(canvas: Canvas) -> bool:
    """Whether the canvas's transparency state is the PDF default (opaque, no overprint)."""
    state = canvas._extgstate
    return all(value == state.defaults[name] for name, value in state._d.items())


def _state(canvas: Canvas) -> dict:
    return {name: canvas.__dict__[name] for name in STATE}


class _Recorder:
    """Stands in for the canvas while a drawing is drawn on it for real, noting what it
    writes: the operators between text calls, and the text calls."""

    def __init__(self, canvas: Canvas):
        object.__setattr__(self, "canvas", canvas)
        object.__setattr__(self, "items", [])
        object.__setattr__(self, "mark", len(canvas._code))
        object.__setattr__(self, "plain", True)

    def __getattr__(self, name: str):
        value = getattr(self.canvas, name)
        if name in TEXT_CALLS:
            return lambda *args, **options: self._text(name, args, options)
        if name in GSTATE_CALLS:
            return lambda *args, **options: self._gstate(name, args, options)
        if name in DOCUMENT_CALLS:
            object.__setattr__(self, "plain", False)
        return value

    def __setattr__(self, name: str, value) -> None:
        setattr(self.canvas, name, value)  # e.g. renderPDF's `canvas._fillMode = …`

    def _text(self, name: str, args: tuple, options: dict):
        self.flush()
        canvas = self.canvas
        self.items.append((_state(canvas), name, args, options))
        result = getattr(canvas, name)(*args, **options)
        object.__setattr__(self, "mark", len(canvas._code))
        return result

    def _gstate(self, name: str, args: tuple, options: dict):
        code = self.canvas._code
        before = len(code)
        result = getattr(self.canvas, name)(*args, **options)
        if len(code) != before:
            object.__setattr__(self, "plain", False)
        return result

    def flush(self) -> None:
        """The operators written since the last text call, as one run."""
        code = self.canvas._code
        run = code[self.mark:]
        if run:
            text = "\n".join(run)
            if not _plain(text):
                object.__setattr__(self, "plain", False)
            self.items.append(text)
        object.__setattr__(self, "mark", len(code))


def _plain(text: str) -> bool:
    """Whether a run of operators names nothing of the document (no font, image, state)."""
    return PLAIN_RUN.fullmatch(text) is not None
