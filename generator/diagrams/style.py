"""The look of every diagram: resource colours, shapes and letters, card sizes, type.

A resource is told apart by three things at once (colour, shape and letter) so a diagram
reads in greyscale and for colour-blind readers. Units are millimetres at print size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.core import palette
from generator.core.typefaces import current, names_of

#: Shape and colour per resource id. Letters come from the book's own resource names.
RESOURCE_LOOK = {
    "lumber": ("tree", "#2f6b35"),       # a fir: a bare triangle reads as a mountain (ore)
    "brick": ("square", "#b0452a"),
    "grain": ("diamond", "#c99a16"),
    "wool": ("circle", "#5e9c2a"),
    "ore": ("hexagon", "#6c727c"),
}
FALLBACK_LOOK = ("circle", "#888888")


@dataclass(frozen=True)
class DiagramStyle:
    card_w: float = 16.0
    card_h: float = 22.4          # poker proportions, 63 × 88
    strip: float = 6.0            # what shows of an overlapped card: its left edge
    drop: float = 6.0             # how much lower every other series sits
    radius: float = 1.2
    font: str = "SourceSans"      # the ReportLab name svglib maps to the embedded font
    ink: str = palette.INK
    muted: str = palette.MUTED
    accent: str = palette.NEUTRAL_ACCENT
    paper: str = palette.PAPER
    label_size: float = 3.0
    letters: dict = field(default_factory=dict)  # resource id → letter
    strip_icon: float = 0.44      # a card's strip icon: radius per mm of strip (the fir's
                                  # letter is then 6 pt on a 6 mm strip)
    centre_icon: float = 0.28     # its centre icon (a whole card): radius per mm of face

    def look(self, resource: str) -> tuple[str, str]:
        return RESOURCE_LOOK.get(resource, FALLBACK_LOOK)

    def letter(self, resource: str) -> str:
        return self.letters.get(resource, resource[:1].upper())


def style_for(components, theme: palette.Theme = palette.NEUTRAL) -> DiagramStyle:
    """The style with each resource's letter taken from its name in the book's language (two
    letters when initials clash with each other or with a building's side), and the accent
    of the book's theme (a Splendor book's figures are not marked in Catan red)."""
    letters = {r.id: r.name[:1].upper() for r in components.resources}
    # a building's side is a letter too (a road's A and B): in English "B" would be brick
    # and side B at once (the production review of issue 32)
    sides = {f.letter for b in components.buildings for f in b.faces}
    if len(set(letters.values())) != len(letters) or sides & set(letters.values()):
        letters = {r.id: r.name[:2].capitalize() for r in components.resources}
    return DiagramStyle(letters=letters, accent=theme.accent, font=names_of(current()).sans)


def tint(hex_colour: str, amount: float = 0.78) -> str:
    """A pale version of a colour, for card faces behind dark icons."""
    value = hex_colour.lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    r, g, b = (round(c + (255 - c) * amount) for c in (r, g, b))
    return f"#{r:02x}{g:02x}{b:02x}"
