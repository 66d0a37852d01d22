"""The one colour palette of the product, shared by the PDF, the diagrams, cards and HTML.

Hex strings, so that ReportLab, svgwrite and CSS all read them as they are.
"""

INK = "#1f1a17"
MUTED = "#6b625b"
ACCENT = "#9c3d1a"        # Catan brick red: headings, rules
ACCENT_LIGHT = "#f4e6dc"  # callout background
NOTE = "#2f5d7c"          # notes and clarifications
NOTE_LIGHT = "#e4eef4"
EXAMPLE = "#4d6b2f"       # worked examples
EXAMPLE_LIGHT = "#eaf0e0"
RULE_LINE = "#d8cfc7"
PAPER = "#fffdf9"


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
