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
    },
}


def labels(language: str) -> dict[str, str]:
    return LABELS.get(language, LABELS["en"])
