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
