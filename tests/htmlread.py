"""Reading the HTML edition as its structure, for tests."""

from __future__ import annotations

from html.parser import HTMLParser


class PositionFigures(HTMLParser):
    """The HTML edition's example positions: figure.position with its svg, title and
    figcaption; and any definition list left in an example box."""

    def __init__(self):
        super().__init__()
        self.figures: list[dict] = []
        self.stack: list[str] = []
        self.lists_in_examples = 0
        self.in_example = 0
        self.in_figure = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "aside" and "example" in classes:
            self.in_example += 1
        if tag == "dl" and self.in_example:
            self.lists_in_examples += 1
        if tag == "figure" and "position" in classes:
            self.figures.append({"svg": 0, "title": "", "caption": "", "label": ""})
            self.in_figure = True
        if self.in_figure and tag == "svg" and attrs.get("role") == "img":
            self.figures[-1]["svg"] += 1
        self.stack.append(tag if "label" not in classes else "label")

    def handle_endtag(self, tag):
        if tag == "figure":
            self.in_figure = False
        if tag == "aside" and self.in_example:
            self.in_example -= 1
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self.in_figure or not self.stack:
            return
        where = self.stack[-1] if self.stack[-1] != "span" else self.stack[-2]
        key = {"title": "title", "figcaption": "caption", "label": "label"}.get(where)
        if key:
            self.figures[-1][key] += data
