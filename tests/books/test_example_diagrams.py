"""The worked examples of the Splendor, token-economy and base-Catan books as a player sees
the table: every position a box shows is a small diagram of the table (gems, rows of cards,
nobles; the two players and the reserve; the hand against what each building costs) with a
one-line caption, never a list of state; steps are told in plain sentences in the second
person.

The engines draw them (`position_svg`, protocol.Diagrams); read here from the built PDFs
(pdfplumber: where each text and drawing lies on the page), their HTML editions, and the
diagrams' SVG. The solo book's boxes are tests/books/test_example_boxes.py's."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest

from htmlread import PositionFigures
from pdfread import inside as within, read_pdf, word_lines
from generator.core import palette
from generator.games.splendor.figures import CARD_H
from generator.content.prose import MARKER
from generator.diagrams.flow import MIN_TEXT, SCREEN_WIDTH, WIDTH, smallest_text
from generator.games.costs.figures import COSTS_WIDTH, covered
from generator.games.splendor.figures import GEM_LOOK
from generator.diagrams.style import RESOURCE_LOOK
from generator.examples.replay import step_words
from generator.pdf.makeup import MOST_SHRINK
from repo import shipped, shipped_figures, shipped_replays

SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4
SPLENDOR, ECONOMY, COSTS = ("splendor-solitario",), ("uno-contra-uno", "catan-para-dos"), \
    ("catan-base",)
SLUGS = SPLENDOR + ECONOMY + COSTS
#: A diagram's width in the PDF: an A5 example box's, or (catan-base) a sheet column's box.
PANEL_WIDTH = {slug: WIDTH for slug in SLUGS} | {"catan-base": COSTS_WIDTH}


#: The labels of the diagram's groups, found as text inside each diagram of the PDF.
LABELS = {"splendor-solitario": ("Tuyas", "Bonif.", "Banco", "Fila 1", "Fila 2"),
          "uno-contra-uno": ("Jugador 1 (tú)", "Jugador 2 (tu rival)", "Reserva"),
          "catan-para-dos": ("Jugador 1 (tú)", "Jugador 2 (tu rival)", "Reserva"),
          "catan-base": ("Tu mano",)}
#: The lines the boxes printed before, one per piece of state: none may be left.
STATE_LINES = ("Tus fichas:", "Banco:", "Fila 1:", "Fila 2:", "Mazo central:",
               "Gemas especiales en la mesa:", "Tus bonificaciones:", "Nobles en la mesa:",
               "Puntos:", "Jugador 1 (su turno):", "Jugador 2 (su turno):", "Jugador 1:",
               "Jugador 2:", "Reserva:", "Mano:", "Construido:")
#: Catan's colours: the book palette's brick red and its light tint, the resources'.
CATAN = {palette.ACCENT, palette.ACCENT_LIGHT} | {c for _, c in RESOURCE_LOOK.values()}


def _rgb(hex_colour: str) -> tuple[float, ...]:
    value = hex_colour.lstrip("#")
    return tuple(int(value[i:i + 2], 16) / 255 for i in (0, 2, 4))


def _same(colour, hex_colour: str, tolerance: float = 0.01) -> bool:
    return (isinstance(colour, (tuple, list)) and len(colour) == 3
            and all(abs(a - b) < tolerance for a, b in zip(colour, _rgb(hex_colour))))


def shown_states(slug: str) -> list[tuple[str, object]]:
    """(example id, frame) of every position the book shows, in the book's order."""
    by_id = {r.example.id: r for r in shipped_replays(slug)}
    order = [found.group(2) for chapter in shipped(slug).chapters
             for element in chapter.tree.iter("p")
             if (found := MARKER.fullmatch((element.text or "").strip()))
             and found.group(1) == "example"]
    return [(example, frame) for example in order
            for n, frame in enumerate(by_id[example].frames) if n == 0 or frame.show]


@pytest.fixture(scope="module")
def pdfs(built) -> dict:
    return {slug: built(slug).files[0] for slug in SLUGS}


@pytest.fixture(scope="module")
def pages(pdfs) -> dict[str, list[dict]]:
    """Per book and page: the example boxes, the diagrams (each on the box's tint and
    PANEL_WIDTH wide, or up to MOST_SHRINK less where the page drew it a little smaller to
    fit: story._position_figure), and the page's words, chars and drawings."""
    tint = palette.EXAMPLE_LIGHT
    result = {}
    for slug, path in pdfs.items():
        out = []
        width = PANEL_WIDTH[slug] * PT
        with read_pdf(path) as pdf:
            for page in pdf.pages:
                tinted = [r for r in page.rects if _same(r.get("non_stroking_color"), tint)]
                boxes = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in tinted
                         if r["width"] > width + 5]
                panels = [(r["x0"], r["top"], r["x1"], r["bottom"]) for r in tinted
                          if (1 - MOST_SHRINK) * width - 1.0 < r["width"] < width + 1.0]
                out.append({"boxes": boxes, "panels": sorted(panels, key=lambda b: b[1]),
                            "chars": page.chars, "shapes": page.rects + page.curves
                            + page.lines, "words": page.extract_words(),
                            "text": page.extract_text() or "",
                            # each box's own text: a sheet's columns share their lines
                            "box_text": "\n".join(page.crop(box).extract_text() or ""
                                                   for box in boxes)})
        result[slug] = out
    return result


def _found(pages) -> list[dict]:
    """Each diagram of the book, in order: its label above, its words, its caption below."""
    found = []
    for page in pages:
        lines = word_lines([w for w in page["words"] if any(within(w, b) for b in page["boxes"])])
        for panel in page["panels"]:
            above = [text for top, text in lines if panel[1] - 16 < top < panel[1]]
            below = [text for top, text in lines if panel[3] <= top < panel[3] + 24]
            inside = " ".join(w["text"] for w in page["words"] if within(w, panel))
            boxed = any(within({"x0": panel[0], "x1": panel[2], "top": panel[1],
                                 "bottom": panel[3]}, box) for box in page["boxes"])
            found.append({"label": above[-1] if above else "", "inside": inside,
                          "below": below, "boxed": boxed})
    return found


@pytest.mark.parametrize("slug", SLUGS)
def test_each_shown_state_is_a_diagram_under_its_label_with_its_caption(pages, slug):
    states = shown_states(slug)
    found = _found(pages[slug])
    assert len(found) == len(states) > 0, "one diagram per position the book shows"
    for (example, frame), diagram in zip(states, found):
        adapter = next(r.adapter for r in shipped_replays(slug) if r.example.id == example)
        step = frame.step or 0
        status = adapter.position_status(frame.game) if hasattr(adapter,
                                                                 "position_status") else ""
        assert diagram["boxed"], "a diagram sits inside its example's box"
        assert diagram["label"] == ("Al empezar" if step == 0 else f"Tras el paso {step}") \
            + (f" · {status}" if status else ""), (example, step, diagram["label"])
        for label in LABELS[slug]:
            assert label in diagram["inside"], (example, step, label, diagram["inside"])
        caption = adapter.position_caption(frame.game)
        below = " ".join(diagram["below"])  # a long caption wraps in a narrow column
        assert diagram["below"] and below.startswith(caption), \
            ("the caption is under the diagram", example, step, caption,
             diagram["below"][:2])


@pytest.mark.parametrize("slug", SLUGS)
def test_no_list_of_state_is_left(pages, slug):
    text = "\n".join(page["text"] for page in pages[slug])
    for line in STATE_LINES:
        assert line not in text, line
    for page in pages[slug]:
        for box in page["boxes"]:
            inside = " ".join(w["text"] for w in page["words"] if within(w, box))
            assert "[" not in inside and "]" not in inside, inside[:200]


@pytest.mark.parametrize("slug", SLUGS)
def test_no_glyph_in_a_diagram_is_under_6_pt_nor_wider_than_the_box(pages, slug):
    sizes = [char["size"] for page in pages[slug] for panel in page["panels"]
             for char in page["chars"] if within(char, panel)]
    assert len(sizes) > 100
    assert min(sizes) >= 6.0, min(sizes)
    for figures in shipped_figures(slug).examples.values():
        for figure in figures.values():
            for svg, width in ((figure.svg, WIDTH), (figure.screen_svg, SCREEN_WIDTH)):
                root = ET.fromstring(svg)
                assert smallest_text(svg) >= MIN_TEXT - 1e-6, figure.name
                assert float(root.get("viewBox").split()[2]) <= width + 0.01, figure.name


def test_splendor_diagrams_use_no_catan_colour_or_motif(pages):
    """Gem colours, never the book palette's brick red nor the Catan resources', in the SVG
    and as drawn in the PDF; no hexagon (Catan's terrain) among the shapes."""
    for figures in shipped_figures("splendor-solitario").examples.values():
        for figure in figures.values():
            colours = {c.lower() for c in re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"',
                                                     figure.svg)}
            assert not colours & {c.lower() for c in CATAN}, (figure.name, colours & CATAN)
            for polygon in ET.fromstring(figure.svg).iter(f"{SVG}polygon"):
                assert len(polygon.get("points").split()) != 6, figure.name
    drawn = 0
    for page in pages["splendor-solitario"]:
        for panel in page["panels"]:
            for shape in page["shapes"]:
                if within(shape, panel):
                    drawn += 1
                    for key in ("non_stroking_color", "stroking_color"):
                        assert not any(_same(shape.get(key), c, 0.02) for c in CATAN), \
                            (key, shape.get(key))
    assert drawn > 500


def test_each_gem_reads_in_greyscale():
    """Each gem has its own shape and its own letter (from the book's gem names)."""
    book = shipped("splendor-solitario")
    colours = [r.id for r in book.components.resources]
    assert len({GEM_LOOK[c][0] for c in colours}) == len(colours)
    figure = shipped_figures("splendor-solitario").examples["tomar-gemas"][0]
    root = ET.fromstring(figure.svg)
    letters = {}
    for gem in (g for g in root.iter(f"{SVG}g") if g.get("data-role") == "ledger"):
        letters.setdefault(gem.get("data-gem"), set()).update(
            t.text for t in gem.iter(f"{SVG}text") if t.get("class") == "gem-text")
    assert set(letters) == set(colours)
    assert len({frozenset(v) for v in letters.values()}) == len(colours)
    assert letters["white"] == {"D"} and letters["black"] == {"Ó"}


def test_a_splendor_diagram_draws_the_engines_table():
    for replay in shipped_replays("splendor-solitario"):
        drawn = shipped_figures("splendor-solitario").examples[replay.example.id]
        for step, figure in drawn.items():
            game = next(f for f in replay.frames if (f.step or 0) == step).game
            root = ET.fromstring(figure.svg)
            groups = list(root.iter(f"{SVG}g"))
            counts = lambda role: {g.get("data-gem"): int(g.get("data-count")) for g in groups
                                   if g.get("class") == "token" and g.get("data-role") == role}
            assert counts("tokens") == game.tokens and counts("bank") == game.bank
            cards = lambda role: [(g.get("data-bonus"), int(g.get("data-points")),
                                   g.get("data-cost")) for g in groups
                                  if g.get("class") == "card" and g.get("data-role") == role]
            as_drawn = lambda cs: [(c.bonus, c.points, ",".join(f"{k}:{n}" for k, n in c.cost))
                                   for c in cs]
            for row, items in game.rows.items():
                assert cards(f"row-{row}") == as_drawn(items)
            assert cards("special") == as_drawn(game.special)
            assert cards("bought") == as_drawn([c for c in game.bought if c.special])
            nobles = [g.get("data-needs") for g in groups
                      if g.get("class") == "noble" and g.get("data-role") == "noble"]
            assert nobles == [",".join(f"{c}:{n}" for c, n in n.needs) for n in game.nobles]
            bonuses = {g.get("data-gem"): int(g.get("data-count")) for g in groups
                       if g.get("class") == "bonus"}
            assert bonuses == {c: game.bonus(c) for c in game.tokens}
            assert root.find(f"{SVG}title").text.startswith("Tus fichas: ")


def _drop_reach(d: str) -> tuple[float, float]:
    """The top and bottom of a drop drawn as `M tip L right A a,a 0 1 1 left Z`: its tip, and
    the lowest point of its arc (the arc's centre lies under the chord from right to left;
    the chord's own ends are not the lowest point)."""
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", d)]
    tip, (rx, ry), a, lx = numbers[1], numbers[2:4], numbers[4], numbers[9]
    centre = ry + math.sqrt(a * a - ((rx - lx) / 2) ** 2)
    return tip, centre + a


def _ledger(root) -> dict:
    """The ledger of a Splendor diagram: each column's gem (data-gem → its centre x, its
    shape's top and bottom), each line's label (text → baseline), and each count (line's
    role, gem) → (x, baseline, the count as printed)."""
    texts = list(root.iter(f"{SVG}text"))
    heads = {}
    for gem in (g for g in root.iter(f"{SVG}g") if g.get("data-role") == "ledger"):
        letter = next(t for t in gem.iter(f"{SVG}text") if t.get("class") == "gem-text")
        ys = [float(y) for shape in gem if shape.tag == f"{SVG}polygon"
              for y in re.findall(r",([-\d.]+)", shape.get("points"))]
        ys += [float(shape.get("cy")) + k * float(shape.get("r")) for shape in gem
               if shape.tag == f"{SVG}circle" for k in (-1, 1)]
        for shape in (s for s in gem if s.tag == f"{SVG}path"):  # a drop: its tip, its arc
            ys += [_drop_reach(shape.get("d"))[0], _drop_reach(shape.get("d"))[1]]
        heads[gem.get("data-gem")] = (float(letter.get("x")), min(ys), max(ys))
    counts = {}
    for cell in root.iter(f"{SVG}g"):
        if cell.get("class") in ("token", "bonus") and cell.get("data-role"):
            number = next(cell.iter(f"{SVG}text"))
            counts[cell.get("data-role"), cell.get("data-gem")] = (
                float(number.get("x")), float(number.get("y")), number.text)
    labels = {t.text: float(t.get("y")) for t in texts if t.text in ("Tuyas", "Bonif.", "Banco")}
    return {"heads": heads, "counts": counts, "labels": labels}


def test_the_splendor_ledger_reads_down_a_gems_column_beside_the_rows():
    """Your tokens, your bonuses and the bank's, as a player sets them against a card's
    cost: a column per gem under its shape and letter, each count under its gem and on its
    line's baseline ("Tuyas", "Bonif.", "Banco", in that order: what pays a cost, then what
    is left to take), every count printed as the engine has it. The ledger takes no line of
    its own: its gems are on the rows' line, beside the cards (on paper; a phone's column
    is too narrow for both)."""
    lines = {"tokens": "Tuyas", "bonuses": "Bonif.", "bank": "Banco"}
    for replay in shipped_replays("splendor-solitario"):
        drawn = shipped_figures("splendor-solitario").examples[replay.example.id]
        for step, figure in drawn.items():
            game = next(f for f in replay.frames if (f.step or 0) == step).game
            root = ET.fromstring(figure.svg)
            ledger = _ledger(root)
            assert list(ledger["heads"]) == list(game.tokens)
            assert [ledger["labels"][word] for word in lines.values()] \
                == sorted(ledger["labels"].values())
            said = {"tokens": game.tokens, "bonuses": {c: game.bonus(c) for c in game.tokens},
                    "bank": game.bank}
            for (role, gem), (x, baseline, printed) in ledger["counts"].items():
                assert x == pytest.approx(ledger["heads"][gem][0]), (figure.name, role, gem)
                assert baseline == pytest.approx(ledger["labels"][lines[role]])
                assert baseline > ledger["heads"][gem][2], "under its gem"
                assert printed == str(said[role].get(gem, 0)), (figure.name, role, gem)
            assert len(ledger["counts"]) == 3 * len(game.tokens)
            cards = [float(r.get("y")) for g in root.iter(f"{SVG}g")
                     if g.get("class") == "card" and g.get("data-role") in ("row-1", "row-2")
                     for r in g.iter(f"{SVG}rect")]
            top = min(head[1] for head in ledger["heads"].values())
            if cards:
                assert min(cards) - 0.5 <= top <= min(cards) + CARD_H, \
                    ("the ledger beside the rows' cards", figure.name)


def test_splendor_special_gems_share_the_rows_line_when_they_fit():
    """A position whose rows leave room for the special gems (a row emptied or short) draws
    them on the rows' line, to the right of the last row's cards: a row of cards less tall.
    Cards of a line share its top; those on a lower line start under its cards."""
    shared = 0
    for replay in shipped_replays("splendor-solitario"):
        for figure in shipped_figures("splendor-solitario").examples[replay.example.id].values():
            root = ET.fromstring(figure.svg)
            top = lambda role: min((float(r.get("y")) for g in root.iter(f"{SVG}g")
                                    if g.get("class") == "card" and g.get("data-role") == role
                                    for r in g.iter(f"{SVG}rect")), default=None)
            rows = [t for t in (top("row-1"), top("row-2")) if t is not None]
            special = top("special")
            if not rows or special is None:
                continue
            if special == pytest.approx(max(rows)):
                shared += 1
            else:
                assert special > max(rows) + 13.2, "the special gems on a line of their own"
    assert shared, "some positions draw the special gems beside the rows"


@pytest.mark.parametrize("slug", ECONOMY)
def test_an_economy_diagram_draws_the_engines_table(slug):
    for replay in shipped_replays(slug):
        for step, figure in shipped_figures(slug).examples[replay.example.id].items():
            game = next(f for f in replay.frames if (f.step or 0) == step).game
            root = ET.fromstring(figure.svg)
            players = [g for g in root.iter(f"{SVG}g") if g.get("class") == "player"]
            assert [(int(g.get("data-points")), int(g.get("data-tokens")),
                     int(g.get("data-cards")), int(g.get("data-knights"))) for g in players] \
                == [(p.points, p.tokens, p.cards, p.knights) for p in game.players]
            assert [g.get("data-turn") == "true" for g in players] == \
                [n == game.current for n in range(2)]
            assert [g.get("data-army") == "true" for g in players] == \
                [n == game.army for n in range(2)]
            reserve = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "reserve")
            assert int(reserve.get("data-tokens")) == game.supply
            assert len([c for c in reserve.iter(f"{SVG}g") if c.get("class") == "coin"]) \
                == game.supply
            texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
            unit = "monedas" if slug == "uno-contra-uno" else "fichas"
            assert f"{game.supply} {unit}" in texts or game.supply == 1


def _pdf_text(pages, key: str = "text") -> str:
    text = "\n".join(page[key] for page in pages)
    return " ".join(re.sub(r"(?<=\w)-\n(?=\w)", "", text).split())


@pytest.mark.parametrize("slug, told", [
    ("uno-contra-uno", "4. Pagas 2 monedas y cambias 2 cartas iguales por 1 a tu elección."),
    ("uno-contra-uno", "2. × No puedes pagar 1 moneda por cambiar 2 cartas iguales por 1."),
    ("uno-contra-uno", "2. Con el 7, llevas el ladrón a un terreno de tu rival, que recibe "
                       "1 moneda de la reserva. El ladrón movido por un 7 no roba."),
    ("uno-contra-uno", "5. Tu rival paga 1 moneda y lleva el ladrón al desierto, sin robar."),
    ("uno-contra-uno", "1. Descartas un caballero jugado y tomas 1 moneda de la reserva, que "
                       "no tiene más."),
    ("uno-contra-uno", "5. Tu rival juega un caballero: toma el Gran ejército de caballería "
                       "y sus 2 puntos."),
    ("catan-para-dos", "1. Pagas 1 ficha por un comercio forzoso: tomas 2 cartas al azar de "
                       "tu rival y le das 2 a tu elección."),
    ("catan-para-dos", "2. Construyes un poblado en la costa (pagas 4 cartas) y tomas 1 ficha "
                       "de la reserva."),
    ("catan-para-dos", "1. Descartas un caballero jugado y tomas 2 fichas de la reserva: "
                       "pierdes el Gran ejército de caballería y sus 2 puntos, y la carta "
                       "queda apartada."),
    ("splendor-solitario", "3. Tomas 1 zafiro, 1 esmeralda y 1 rubí."),
    ("catan-base", "2. Cambias con la banca 4 minerales por 1 cereal."),
    ("catan-base", "3. Construyes un poblado."),
    ("catan-base", "4. × No puedes construir una carretera."),
])
def test_steps_are_told_in_the_second_person(pages, slug, told):
    assert told in _pdf_text(pages[slug], "box_text")


@pytest.mark.parametrize("slug", ECONOMY)
def test_every_economy_step_is_told_whole(slug):
    """The engine narrates: you in the second person, your rival as «tu rival», a refusal
    as what cannot be done; never the imperative of the notation's words."""
    for replay in shipped_replays(slug):
        before = replay.frames[0].game
        for frame in replay.frames[1:]:
            said, whole = step_words(replay.adapter, frame, before)
            assert whole
            yours = before.current == 0
            if frame.rejected:
                assert said.startswith("No puedes " if yours else "Tu rival no puede "), said
            elif not said.startswith("Con el 7"):
                assert said.startswith("Tu rival ") == (not yours), said
            assert not re.match(r"(Tira|Termina|Juega|Descarta|Construye|Cambia) ", said)
            before = frame.game


def test_an_engine_without_diagrams_gets_none():
    """`position_svg` is optional (protocol.Diagrams): a replay whose engine has none gets
    no figures, and its box prints the position lines."""
    from types import SimpleNamespace

    from generator.diagrams.figures import example_figures
    replay = next(iter(shipped_replays("catan-base")))
    bare = SimpleNamespace(adapter=object(), frames=replay.frames, example=replay.example)
    assert example_figures(bare) == {}


def test_a_costs_diagram_draws_the_hand_against_each_cost():
    """catan-base: the hand's badges are the engine's hand; in each building's cell a badge
    is solid exactly where the hand pays it, and the tick marks the costs the hand pays
    whole; after a step that pdfs, what stands on the table instead of the costs."""
    book = shipped("catan-base")
    order = [r.id for r in book.components.resources]
    seen = set()
    for replay in shipped_replays("catan-base"):
        for step, figure in shipped_figures("catan-base").examples[replay.example.id].items():
            game = next(f for f in replay.frames if (f.step or 0) == step).game
            root = ET.fromstring(figure.svg)
            groups = list(root.iter(f"{SVG}g"))
            badges = lambda role: [g for g in groups if g.get("class") == "badges"
                                   and g.get("data-role") == role]
            hand = [i.get("data-resource") for b in badges("hand") for i in b
                    if i.get("class") == "icon"]
            assert hand == sorted(game.hand.elements(), key=order.index)
            rows = [g for g in groups if g.get("class") == "cost-row"]
            for row in rows:
                building = book.components.building(row.get("data-building"))
                held = [i.get("data-held") == "true" for i in row.iter(f"{SVG}g")
                        if i.get("class") == "icon"]
                assert held == covered(tuple(building.cost), game.hand), building.id
                ticked = any(e.get("class") == "tick" for e in row)
                assert ticked == all(held) == (row.get("data-affordable") == "true")
            built = {g.get("data-building"): int(g.get("data-count")) for g in groups
                     if g.get("class") == "building-icon" and g.get("data-count")}
            assert built == {b: n for b, n in game.built.items() if n}
            seen.add("costs" if rows else "built")
            assert root.find(f"{SVG}title").text.startswith("Mano: ")
    assert seen == {"costs", "built"}


@pytest.mark.parametrize("slug", SLUGS)
def test_the_html_shows_each_position_as_a_diagram(pdfs, slug):
    parser = PositionFigures()
    parser.feed((pdfs[slug].parent / "index.html").read_text(encoding="utf-8"))
    assert [f["svg"] for f in parser.figures] == [1] * len(shown_states(slug))
    assert parser.lists_in_examples == 0, "no list of state in an HTML example box either"
