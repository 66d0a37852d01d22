"""Words the renderers print around the content, per book language."""

LABELS = {
    "es": {
        "contents": "Índice",
        "glossary": "Glosario",
        "abbreviations": "Abreviaturas",
        "terms": "Términos",
        "page": "p.",
        "version": "Versión",
        "example": "Ejemplo",
        "figure": "Figura",
        "note": "Nota",
        "credits": "Créditos",
        "example_unchecked": "Ejemplo no comprobado por un motor de reglas",
        "at_start": "Al empezar",
        "after_step": "Tras el paso",
        "refused": "× No se puede:",
        "overleaf": "sigue al dorso",
        "continued": "cont.",  # a box continued from the page before: "Ejemplo 6 (cont.)"
        "notes": "Notas",
        "pages": "páginas",
        "press_subject": "{subtitle}. Edición para imprenta: {size} ({width} × {height} mm), "
                         "{pages} páginas, sangrado de 3 mm y marcas de corte.",
        "player": "jugador",  # the cover's badges: "1 jugador", "3–4 jugadores"
        "players": "jugadores",
        "minutes": "{n} min",
        "age": "desde {n} años",
    },
    "en": {
        "contents": "Contents",
        "glossary": "Glossary",
        "abbreviations": "Abbreviations",
        "terms": "Terms",
        "page": "p.",
        "version": "Version",
        "example": "Example",
        "figure": "Figure",
        "note": "Note",
        "credits": "Credits",
        "example_unchecked": "Example not checked by a rules engine",
        "at_start": "At the start",
        "after_step": "After step",
        "refused": "× Not allowed:",
        "overleaf": "continued overleaf",
        "continued": "cont.",  # "Example 6 (cont.)"
        "notes": "Notes",
        "pages": "pages",
        "press_subject": "{subtitle}. Print-shop edition: {size} ({width} × {height} mm), "
                         "{pages} pages, 3 mm bleed and crop marks.",
        "player": "player",
        "players": "players",
        "minutes": "{n} min",
        "age": "ages {n}+",
    },
}


def labels(language: str) -> dict[str, str]:
    return LABELS.get(language, LABELS["en"])
