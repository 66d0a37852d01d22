"""What the front cover says besides its title: the title broken as a designer would break
it, and the badges a game box carries (players, playing time, age: their words are
badges.py's, shared with the HTML edition).

A title too wide for one line is broken where its sense breaks (after a dash or a colon:
"Catán –" / "El juego de cartas") when both halves fit; otherwise where the two lines come
out most even, never leaving one short word alone ("…El juego de" / "cartas" was the
review's example).
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from generator.core.typography import curl
from generator.core.fonts import names
from generator.draw.styles import color

#: Where a title breaks by its sense: the break goes after these.
SENSE_BREAKS = (" – ", " — ", ": ")
#: A cover title on one line takes at most this share of the measure: one that would run
#: from margin to margin looks cramped, and is broken instead.
COVER_MEASURE = 0.88


def balanced_title(title: str, font: str, size: float, width: float) -> list[str]:
    """The title's lines on a cover of `width` points: one if it fits, else two, broken
    after a dash or colon when both halves fit, else at the word that evens them out."""
    width *= COVER_MEASURE
    fits = lambda line: stringWidth(line, font, size) <= width  # noqa: E731
    if fits(title):
        return [title]
    for mark in SENSE_BREAKS:
        head, found, tail = title.partition(mark)
        if found and fits(head + found.rstrip()) and fits(tail):
            return [head + found.rstrip(), tail]
    words = title.split()
    breaks = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    fitting = [pair for pair in breaks if fits(pair[0]) and fits(pair[1])]
    if not fitting:
        return [title]  # a title longer than two lines wraps as a paragraph
    return list(min(fitting, key=lambda pair: max(stringWidth(line, font, size)
                                                    for line in pair)))


def title_markup(title: str, font: str, size: float, width: float) -> str:
    """The title as paragraph markup, its lines joined by explicit breaks."""
    return "<br/>".join(escape(line) for line in balanced_title(curl(title), font, size, width))


class CoverBadges(Flowable):
    """A centred row of badges: each a rounded outline in the book's accent with its text
    in the accent, at least `MIN_HEIGHT` tall so that it reads at arm's length."""

    MIN_HEIGHT = 6.5 * mm
    GAP = 3 * mm

    def __init__(self, texts: list[str], size: float, accent: str):
        super().__init__()
        self.texts, self.size, self.accent = texts, size, accent
        self.pad = size * 0.9
        self.badge_height = max(self.MIN_HEIGHT, size * 2.1)

    def _widths(self) -> list[float]:
        return [stringWidth(t, names().sans_semibold, self.size) + 2 * self.pad for t in self.texts]

    def wrap(self, availWidth, availHeight):
        self.width = availWidth
        self.height = self.badge_height if self.texts else 0
        return self.width, self.height

    def draw(self) -> None:
        widths = self._widths()
        x = (self.width - sum(widths) - self.GAP * (len(widths) - 1)) / 2
        canv = self.canv
        canv.saveState()
        canv.setStrokeColor(color(self.accent))
        canv.setFillColor(color(self.accent))
        canv.setLineWidth(0.9)
        canv.setFont(names().sans_semibold, self.size)
        h = self.badge_height
        for text, w in zip(self.texts, widths):
            canv.roundRect(x, 0, w, h, h / 2, stroke=1, fill=0)
            canv.drawCentredString(x + w / 2, h / 2 - self.size * 0.34, text)
            x += w + self.GAP
        canv.restoreState()
