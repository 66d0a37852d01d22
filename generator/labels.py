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
        "note": "Nota",
        "credits": "Créditos",
    },
    "en": {
        "contents": "Contents",
        "glossary": "Glossary",
        "abbreviations": "Abbreviations",
        "terms": "Terms",
        "page": "p.",
        "version": "Version",
        "example": "Example",
        "note": "Note",
        "credits": "Credits",
    },
}


def labels(language: str) -> dict[str, str]:
    return LABELS.get(language, LABELS["en"])
