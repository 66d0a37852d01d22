"""Write tests/fixtures/seed_excerpts.json: the places of the seed documents (the sources the
books were written from, which live outside the repository) that the books quote, so that the
tests check every quote against its source without reading outside the repository.

    python scripts/seed_excerpts.py /path/to/seeds

For each book: under "passages", each passage a conformance row names (the seed cut at its
headings) with the places of it that a row quotes; under "rulings", the places a ruling
quotes verbatim; under "headings", the seed's headings the rulings name as their source
passage. Only what is quoted is kept, with five words of the seed on each side, as the seed
spells it (whitespace joined): no more of the seed's text than the tests need. Stops, naming
it, at a row's quote not verbatim in its passage: then the book, not this file, is wrong (a
ruling quoted loosely or a heading not in the seed is left out, and the tests that read this
file fail on it). Run it again after changing a quote or a ruling's source.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.loader import book_folders, load_book  # noqa: E402

TARGET = ROOT / "tests" / "fixtures" / "seed_excerpts.json"
CONTEXT = 5  # words of the seed kept on each side of a quote

# The solo book's seed is a forum post cut at its capitalised headings, and the thread after
# it: text before the first heading is «presentación», the replies «respuesta en el hilo».
POST_HEADINGS = ["INTRODUCCIÓN", "SETUP", "INICIO", "SERIES DE CONSTRUCCIÓN", "CARRETERAS",
                 "CABALLEROS", "CABALLEROS A CABALLO", "COMERCIO", "PROGRESO",
                 "AMPLIACIONES DE CIUDAD", "DEMOLICIÓN", "FIN DEL JUEGO", "RECICLAR LA SH"]
THREAD_STARTS = "me da error al loguearme"
# The other seeds, cut at their own headings (as the rows' `passage` names them);
# `introducción` is what comes before the first. Each heading is looked for after the one
# before it.
SEED_HEADINGS = {
    "solo-catan": ("000_", None),
    "catan-base": ("002_", ["Objetivo", "Configuración",
                            "Tirar para producir recursos (obligatorio)", "Comercio (opcional)",
                            "Construcción (opcional)", "Puntuación", "Fin de la partida"]),
    "uno-contra-uno": ("001_", ["Resumen", "Colocación inicial", "El 7 y el ladrón",
                                "Cantidad y reserva", "Para qué sirven", "Cómo conseguirlas",
                                "Otras reglas", "Preguntas frecuentes"]),
    "splendor-solitario": ("003_", ["PREPARACIÓN DE LA PARTIDA", "MECÁNICA DE JUEGO",
                                    "FIN DE PARTIDA", "PUNTUACIÓN"]),
    "catan-para-dos": ("004_", ["lo que necesitas", "Preparation", "Set-Up", "jugar el juego",
                                "Rolling for Production",
                                "construcción para los jugadores neutrales",
                                "usando Tokens comerciales para tomar acciones",
                                "reponer Tokens de intercambio"]),
}


def _post_passages(text: str) -> dict[str, str]:
    post, _, thread = text.partition(THREAD_STARTS)
    parts, current = {"respuesta en el hilo": thread}, "presentación"
    for line in post.splitlines():
        if line.strip() in POST_HEADINGS:
            current = line.strip()
        else:
            parts[current] = parts.get(current, "") + " " + line
    return {name: " ".join(body.split()) for name, body in parts.items()}


def _cut_at_headings(text: str, headings: list[str]) -> dict[str, str]:
    text = " ".join(text.split())
    starts, at = [], 0
    for heading in headings:
        at = text.index(heading, at)
        starts.append(at)
        at += len(heading)
    parts = {"introducción": text[:starts[0]]}
    for heading, start, end in zip(headings, starts, starts[1:] + [len(text)]):
        parts[heading] = text[start + len(heading):end]
    return parts


def sentence_around(text: str, quote: str) -> tuple[int, int]:
    """Where `quote` (whitespace joined) stands in `text`, with up to CONTEXT words of the
    text on each side."""
    quote = " ".join(quote.split())
    at = text.index(quote)
    before = [m.start() for m in re.finditer(r"\S+", text[:at])][-CONTEXT:]
    after = [m.end() for m in re.finditer(r"\S+", text[at + len(quote):])][:CONTEXT]
    return (before[0] if before else at), at + len(quote) + (after[-1] if after else 0)


def merged(text: str, spans: list[tuple[int, int]]) -> list[str]:
    """The pieces of `text` the spans cover, overlapping ones joined, in the text's order."""
    pieces: list[list[int]] = []
    for start, end in sorted(spans):
        if pieces and start <= pieces[-1][1]:
            pieces[-1][1] = max(pieces[-1][1], end)
        else:
            pieces.append([start, end])
    return [text[start:end].strip() for start, end in pieces]


def excerpts(seeds: Path) -> dict:
    result = {}
    for folder in book_folders(ROOT / "content"):
        book = load_book(folder)
        prefix, headings = SEED_HEADINGS[folder.name]
        seed = next(seeds.glob(prefix + "*.txt"))
        raw = seed.read_text(encoding="utf-8")
        whole = " ".join(raw.split())
        cut = _post_passages(raw) if headings is None else _cut_at_headings(raw, headings)
        passages: dict[str, list[tuple[int, int]]] = {}
        for row in book.conformance.rows:
            if row.passage not in cut or " ".join(row.quote.split()) not in cut[row.passage]:
                sys.exit(f"{folder.name} row {row.id}: its quote is not verbatim in "
                         f"«{row.passage}» of {seed.name}")
            passages.setdefault(row.passage, []).append(sentence_around(cut[row.passage],
                                                                        row.quote))
        rulings, named = [], set()
        for ruling in book.rulings:
            for quote in ruling.quote:  # the solo book's rulings paraphrase: left out
                if " ".join(quote.split()) in whole:
                    rulings.append(sentence_around(whole, quote))
            for heading in re.findall(r"«([^»]+)»", ruling.source):
                if heading in whole:
                    named.add(heading)
        result[folder.name] = {"seed": seed.name,
                               "passages": {name: merged(cut[name], spans)
                                            for name, spans in sorted(passages.items())},
                               "rulings": merged(whole, rulings), "headings": sorted(named)}
    return result


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    TARGET.write_text(json.dumps(excerpts(Path(sys.argv[1])), ensure_ascii=False, indent=1)
                      + "\n", encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
