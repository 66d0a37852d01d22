"""The worked examples' boxes as a player reads them at the table: every position shown is a
drawing of the table (hand, market, buildings, the Serie Histórica) with a one-line caption,
never a bracketed list of state; every step is told in plain sentences.

Read from the built solo book (pdfplumber: where each text and each drawing is on the page),
from its HTML edition, and from the diagrams' SVG."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from htmlread import PositionFigures
from pdfread import inside as within, read_pdf, word_lines
from generator.core import palette
from generator.content.prose import MARKER
from generator.diagrams.flow import MIN_TEXT, WIDTH, smallest_text
from generator.diagrams.style import style_for
from generator.games.solo_catan.text import Words, narrate, position_caption, position_status
from generator.pdf.makeup import MOST_SHRINK
from repo import shipped, shipped_figures, shipped_replays

SVG = "{http://www.w3.org/2000/svg}"
SOLO = "solo-catan"


def by_id_of() -> dict:
    return {r.example.id: r for r in shipped_replays(SOLO)}


@functools.cache
def words_of() -> Words:
    return Words.for_book(shipped(SOLO))


PT = 72 / 25.4
#: The diagram's group labels, in the book's language (a row of the table each).
ROW_LABELS = ("Mano", "Mercado", "Serie histórica")
STATE_LIST = re.compile(r"\b(Mano|Mercado|SH|Construcciones|Puntos|Robada|Fin):")
CAPTION = re.compile(r"\d+ puntos? · \d+ cartas? en el mazo de recursos · \d+ en el mazo de "
                     r"descartes")


def _rgb(hex_colour: str) -> tuple[float, ...]:
    value = hex_colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))


TINT = _rgb(palette.EXAMPLE_LIGHT)


def _tinted(rect) -> bool:
    colour = rect.get("non_stroking_color")
    return (isinstance(colour, (tuple, list)) and len(colour) == 3
            and all(abs(a - b) < 0.01 for a, b in zip(colour, TINT)))


def shown_states() -> list[tuple[str, int]]:
    """(example id, step; 0 for the start) of every position the book shows, in book order."""
    order = []
    for chapter in shipped(SOLO).chapters:
        for element in chapter.tree.iter("p"):
            found = MARKER.fullmatch((element.text or "").strip())
            if found and found.group(1) == "example":
                order.append(found.group(2))
    return [(example, frame.step or 0) for example in order
            for n, frame in enumerate(by_id_of()[example].frames) if n == 0 or frame.show]


@pytest.fixture(scope="module")
def pages(solo_pdf):
    """Per page: the example boxes' areas, the diagrams' areas, its chars and words."""
    out = []
    with read_pdf(solo_pdf) as pdf:
        for page in pdf.pages:
            tinted = [r for r in page.rects if _tinted(r)]
            boxes = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in tinted
                     if r["width"] > WIDTH * PT + 5]
            # a diagram is WIDTH wide, or a little less at the foot of a page (makeup.py)
            panels = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in tinted
                      if (1 - MOST_SHRINK) * WIDTH * PT - 1.0 < r["width"] < WIDTH * PT + 1.0]
            out.append({"boxes": boxes, "panels": sorted(panels, key=lambda b: b[1]),
                        "chars": page.chars,
                        "words": page.extract_words(extra_attrs=["size"]),
                        "text": page.extract_text() or ""})
    return out


def box_text(pages) -> list[str]:
    """The text inside every example box (each part of a box split across pages)."""
    texts = []
    for page in pages:
        for box in page["boxes"]:
            texts.append(" ".join(w["text"] for w in page["words"] if within(w, box)))
    return texts


def test_every_box_is_found_and_none_prints_a_list_of_state(pages):
    texts = box_text(pages)
    assert sum(len(re.findall(r"Ejemplo \d+ ·", t)) for t in texts) == len(shipped(SOLO).examples)
    for text in texts:
        assert "[" not in text and "]" not in text, text[:200]
        assert not STATE_LIST.search(text), STATE_LIST.search(text).group(0)
        assert " — " not in text, "a step's note is a sentence of its own, not after a dash"


def test_each_shown_state_is_a_diagram_under_its_label_with_its_caption(pages):
    states = shown_states()
    found = []  # (label above the diagram, the diagram's words, the caption under it)
    for page in pages:
        lines = word_lines([w for w in page["words"] if any(within(w, b) for b in page["boxes"])])
        for panel in page["panels"]:
            assert any(within({"x0": panel[0], "x1": panel[2], "top": panel[1],
                                "bottom": panel[3]}, box) for box in page["boxes"]), \
                "a diagram sits inside its example's box"
            above = [text for top, text in lines if panel[1] - 16 < top < panel[1]]
            below = [text for top, text in lines if panel[3] <= top < panel[3] + 24]
            inside = " ".join(w["text"] for w in page["words"] if within(w, panel))
            found.append((above[-1] if above else "", inside, below[:2]))
    assert len(found) == len(states), "one diagram per position the book shows"
    for (example, step), (label, inside, caption) in zip(states, found):
        frame = next(f for f in by_id_of()[example].frames if (f.step or 0) == step)
        status = position_status(frame.game, words_of())
        assert label == ("Al empezar" if step == 0 else f"Tras el paso {step}") \
            + (f" · {status}" if status else ""), (example, step, label)
        for row in ROW_LABELS:
            assert row in inside, (example, step, row, inside)
        expected = position_caption(frame.game, words_of())
        # one line, or two when it counts the cards out of the game too
        assert expected in (caption[0] if caption else "", " ".join(caption)), \
            (example, step, caption)
        assert CAPTION.match(expected)


def test_no_glyph_in_a_diagram_is_under_6_pt(pages):
    sizes = [char["size"] for page in pages for panel in page["panels"]
             for char in page["chars"] if within(char, panel)]
    assert len(sizes) > 1000
    assert min(sizes) >= 6.0, min(sizes)
    # and in the SVG files themselves, at print size
    for per in shipped_figures(SOLO).examples.values():
        for figure in per.values():
            assert smallest_text(figure.svg) >= MIN_TEXT - 1e-6, figure.name


def _pdf_text(pages) -> str:
    text = "\n".join(page["text"] for page in pages)
    return " ".join(re.sub(r"(?<=\w)-\n(?=\w)", "", text).split())


@pytest.mark.parametrize("example, step, told", [
    # what you do, what the engine drew and whether it matched, what you obtained; the note
    # after it as its own sentence
    ("carretera", 1, "Colocas la madera y empiezas una carretera. Robas una piedra: no "
                     "coincide."),
    ("carretera", 4, "Continúas la serie con un ladrillo. Robas una oveja: no coincide. "
                     "Obtienes una carretera (cara B). Primero rellenas la mano y después "
                     "obtienes la carretera."),
    ("carretera", 2, "× No puedes empezar un caballero con el trigo. La última carta de la "
                     "serie histórica "
                     "es madera, que no cierra ninguna serie."),
    ("coincidencia", 2, "Continúas la serie con un ladrillo. Robas un ladrillo: coincide."),
    ("caballero-falla", 2, "Sacas el caballero a pie. El caballero roba una piedra: falla. "
                           "Pierdes el caballero, la piedra de la serie histórica y la "
                           "carretera A."),
    ("tercera-carretera", 2, "Continúas la serie con un ladrillo. Robas un trigo: no coincide. "
                             "Obtienes una carretera (cara A). Robas sin comparar un ladrillo "
                             "para la mano y un ladrillo para el mercado. Con dos carreteras A "
                             "tu mano pasa a seis cartas y el mercado a dos: por eso robas dos "
                             "cartas más."),
])
def test_steps_are_told_in_plain_sentences(pages, example, step, told):
    assert f"{step}. {told}" in _pdf_text(pages)


def test_the_narration_says_only_what_the_engine_recorded():
    """Each draw told is a card the engine drew in that step, in its order, matching or not
    as the engine compared it."""
    said = Counter()
    for replay in shipped_replays(SOLO):
        before = replay.frames[0].game
        for frame in replay.frames[1:]:
            text = narrate(frame.action, words_of(), before, frame.game, frame.rejected)
            if frame.rejected:
                assert text.startswith("No puedes "), text
                assert frame.game.log == before.log, "a refused action did nothing"
                continue
            compared = [(card, how) for kind, *rest in frame.game.log if kind == "draw"
                        for card, how in [rest] if how in ("miss", "match")]
            for card, how in compared:
                told = f"{words_of().a(card)}: {'coincide' if how == 'match' else 'no coincide'}"
                if len([c for c in compared if c[1] == how]) == 1:
                    assert told in text, (replay.example.id, frame.step, text)
                said[how] += 1
            before = frame.game
    assert said["miss"] > 20 and said["match"] > 5


def test_a_diagram_draws_the_engines_table():
    """Hand, market and buildings in the SVG are the engine's, group by group."""
    for replay in shipped_replays(SOLO):
        for step, figure in shipped_figures(SOLO).examples[replay.example.id].items():
            game = next(f for f in replay.frames if (f.step or 0) == step).game
            root = ET.fromstring(figure.svg)
            cards = [g for g in root.iter(f"{SVG}g") if g.get("class") == "card"]
            by_role = lambda role: [g.get("data-resource") for g in cards
                                    if g.get("data-role") == role]
            assert by_role("hand") == game.hand and by_role("market") == game.market
            built = [(g.get("data-building"), g.get("data-face")) for g in cards
                     if g.get("data-role") == "built"]
            assert built == ([("road", f) for f in game.roads]
                             + [("knight", f) for f in game.knights]
                             + [("settlement", None)] * game.settlements
                             + [("city", None)] * game.cities
                             + [(e, None) for e in game.expansions])
            sh = [g.get("data-resource") for g in cards if g.get("data-role") == "sh"]
            assert sh == [c.resource for s in game.history for c in s.cards]
            labels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "group-label"]
            assert labels[:2] == ["Mano", "Mercado"] and "Serie histórica" in labels
            title = root.find(f"{SVG}title")
            assert title is not None and title.text.startswith("Mano: "), \
                "the diagram carries the position in words (its text alternative)"
            assert float(root.get("viewBox").split()[2]) <= WIDTH + 0.01


def test_cards_read_in_greyscale_by_their_letter():
    """Every resource card of a diagram carries its resource's letter, not colour alone."""
    style = style_for(shipped(SOLO).components)
    figure = shipped_figures(SOLO).examples["principiante"][0]
    root = ET.fromstring(figure.svg)
    for card in (g for g in root.iter(f"{SVG}g") if g.get("data-role") == "hand"):
        letters = [t.text for t in card.iter(f"{SVG}text")]
        assert letters == [style.letter(card.get("data-resource"))]


def test_the_html_shows_each_position_as_a_diagram_with_a_text_alternative(solo_pdf):
    html = (solo_pdf.parent / "index.html").read_text(encoding="utf-8")
    parser = PositionFigures()
    parser.feed(html)
    states = shown_states()
    assert len(parser.figures) == len(states)
    assert parser.lists_in_examples == 0, "no state list in an HTML example box either"
    for (example, step), figure in zip(states, parser.figures):
        frame = next(f for f in by_id_of()[example].frames if (f.step or 0) == step)
        assert figure["svg"] == 1
        status = position_status(frame.game, words_of())
        assert " ".join(figure["label"].split()) == \
            ("Al empezar" if step == 0 else f"Tras el paso {step}") \
            + (f" · {status}" if status else "")
        assert figure["title"].startswith("Mano: ") and "Serie histórica: " in figure["title"]
        assert " ".join(figure["caption"].split()) == position_caption(frame.game, words_of())
