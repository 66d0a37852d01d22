"""Tables as a reader finds them in a built PDF (pdfplumber): the text frame of a page, the
tables on it, and the tables split over two pages with their rows on each side."""

from __future__ import annotations

from generator.pdf.document import Geometry
from pdfread import read_pdf


def text_frame(geometry: Geometry, number: int) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) of page `number`'s text frame, in pdfplumber's points from
    the top left."""
    left = geometry.left_margin(number)
    height = geometry.page[1]
    return left, geometry.top, left + geometry.frame_width, height - geometry.bottom


WHITE = (1.0, 1.0, 1.0)


def _tables(page, frame) -> list[list[dict]]:
    """The page's tables in its text frame, top to bottom: runs of row backgrounds as wide
    as each other and touching, a tinted header row then body rows that start white
    (story.table_flowable's ROWBACKGROUNDS). Each row: {top, bottom, text}."""
    _, top, _, bottom = frame
    rects = sorted((r for r in page.rects if r.get("fill") and r["width"] > 100
                    and top - 2 <= r["top"] and r["bottom"] <= bottom + 2),
                   key=lambda r: r["top"])
    runs: list[list[dict]] = []
    for rect in rects:
        last = runs[-1][-1] if runs else None
        if last and abs(last["bottom"] - rect["top"]) < 0.6 \
                and abs(last["x0"] - rect["x0"]) < 0.6 and abs(last["x1"] - rect["x1"]) < 0.6:
            runs[-1].append(rect)
        else:
            runs.append([rect])
    words = page.extract_words()
    tables = []
    for run in runs:
        if len(run) < 2 or tuple(run[0]["non_stroking_color"]) == WHITE \
                or tuple(run[1]["non_stroking_color"]) != WHITE:
            continue
        tables.append([{"top": r["top"], "bottom": r["bottom"], "text": " ".join(
            w["text"] for w in words if r["top"] - 1 <= (w["top"] + w["bottom"]) / 2
            <= r["bottom"] + 1 and r["x0"] - 1 <= w["x0"] <= r["x1"])} for r in run])
    return tables


def split_tables(path, geometry: Geometry) -> list[dict]:
    """Every table split over two pages: the page it starts on, its header, and its body rows
    on each side. Split: the page's last table is the lowest thing in the frame, and the
    next page opens (at the frame's top) with a table."""
    found = []
    with read_pdf(path) as pdf:
        pages = list(pdf.pages)
        for number, page in enumerate(pages[:-1], start=1):
            frame = text_frame(geometry, number)
            tables = _tables(page, frame)
            if not tables:
                continue
            lowest = max((c["bottom"] for c in page.chars if frame[1] - 2 <= c["top"]
                          and c["bottom"] <= frame[3] + 2), default=0)
            last = tables[-1]
            if lowest > last[-1]["bottom"] + 1:
                continue  # text after it: the table ends on this page
            after = text_frame(geometry, number + 1)
            following = _tables(pages[number], after)
            if not following or following[0][0]["top"] - after[1] > 3:
                continue
            found.append({"page": number, "header": last[0]["text"],
                          "continued_header": following[0][0]["text"],
                          "above": len(last) - 1, "below": len(following[0]) - 1})
    return found


def assert_two_rows_on_each_side(splits: list[dict], where: str = "") -> None:
    """Every split table keeps two body rows or more on each side, under its header again."""
    for split in splits:
        assert split["continued_header"] == split["header"], (where, split)
        assert split["above"] >= 2 and split["below"] >= 2, (where, split)
