"""The one colour palette of the product, shared by the PDF, the diagrams, cards and HTML.

Hex strings, so that ReportLab, svgwrite and CSS all read them as they are. The neutral
colours (ink, paper, notes, examples) are the product's; the accent and the ornament are a
book's own (`Theme`, from book.yaml's `theme:`), so that a Splendor book does not wear
Catan's brick red and hexagons.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

INK = "#1f1a17"
MUTED = "#6b625b"
ACCENT = "#9c3d1a"        # brick red: the Catan books' headings and rules (their theme:)
ACCENT_LIGHT = "#f4e6dc"  # its callout background
NEUTRAL_ACCENT = "#3d4a56"  # slate: the headings and rules of a book that names no theme
NOTE = "#2f5d7c"          # notes and clarifications
NOTE_LIGHT = "#e4eef4"
EXAMPLE = "#4d6b2f"       # worked examples
EXAMPLE_LIGHT = "#eaf0e0"
RULE_LINE = "#d8cfc7"
PAPER = "#fffdf9"
DARK_PAPER = "#181513"    # the HTML edition's page in dark mode (book.css)


def _luminance(hex_colour: str) -> float:
    """WCAG 2 relative luminance of an sRGB colour written #rrggbb."""
    channels = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours (1 to 21)."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def text_on(fill: str) -> str:
    """White or ink, whichever reads better on `fill`: letters on a coloured shape."""
    return "#ffffff" if contrast("#ffffff", fill) >= contrast(INK, fill) else INK


def mix(colour: str, other: str, amount: float) -> str:
    """`colour` moved `amount` (0 to 1) of the way towards `other`, channel by channel."""
    a = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))


class Motif(str, Enum):
    """A book's ornament, outlined on its covers' bands and card backs: the game's own
    shape, never another game's."""

    HEXAGONS = "hexagons"  # Catan: the board's tiles
    GEMS = "gems"          # Splendor: cut stones
    NONE = "none"          # a plain band


#: White text on the accent (table heads, the cover's band) and the accent on paper
#: (headings, links) must both read at WCAG AA.
MIN_ACCENT_CONTRAST = 4.5
#: The dark mode's accent is the light one lifted towards white until it reads this well on
#: the dark page (the Catan theme's own #e08a63 reads 6.9:1).
DARK_ACCENT_CONTRAST = 6.5


@dataclass(frozen=True)
class Theme:
    """A book's colours and ornament. Only `accent` and `motif` are chosen (book.yaml); the
    rest is derived from the accent, so one colour gives a coherent book, unless given (the
    Catan theme keeps the tints it was drawn with)."""

    accent: str = ACCENT
    motif: Motif = Motif.HEXAGONS
    light: str | None = None    # callout and table-stripe background
    pattern: str | None = None  # the ornament's lines on an accent band (card backs)
    on_dark: str | None = None  # the accent on the HTML's dark page

    @property
    def accent_light(self) -> str:
        return self.light or mix(self.accent, "#ffffff", 0.87)

    @property
    def accent_pattern(self) -> str:
        return self.pattern or mix(self.accent, "#ffffff", 0.25)

    @property
    def accent_on_dark(self) -> str:
        if self.on_dark:
            return self.on_dark
        for step in range(101):
            lifted = mix(self.accent, "#ffffff", step / 100)
            if contrast(lifted, DARK_PAPER) >= DARK_ACCENT_CONTRAST:
                return lifted
        return "#ffffff"


#: Brick red and hexagons (the Catan books name them in their `theme:`), with the tints it
#: was drawn with.
BRICK_AND_TILES = Theme(ACCENT, Motif.HEXAGONS, light=ACCENT_LIGHT, pattern="#b8593a",
                        on_dark="#e08a63")
#: The theme of a book that names none: slate, and a plain band. No game's motif: a
#: designer's own game must not wear another game's look by default.
NEUTRAL = Theme(NEUTRAL_ACCENT, Motif.NONE)


def theme_of(meta) -> Theme:
    """The theme of a book, from its book.yaml (`meta.theme`), or the neutral one."""
    spec = getattr(meta, "theme", None)
    if spec is None:
        return NEUTRAL
    if spec.accent == ACCENT and spec.motif is Motif.HEXAGONS:
        return BRICK_AND_TILES
    return Theme(spec.accent, spec.motif)
