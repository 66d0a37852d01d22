"""What the chapters' Jinja expressions may name: the book's data and a few phrasings of it.

Every number or cost in the prose comes through here, so the text cannot disagree with the
YAML; the helpers return Markdown, which the chapters' parser then treats like typed text.
"""

from __future__ import annotations

import math
from typing import Any

from generator.core import i18n
from generator.core.i18n import N_, pN_
from generator.content.model import (TITLE_TO_COME, BookMeta, Components, GameParameters,
                                     Ruling, ruling_anchors)


def quoted(text: str, language: str) -> str:
    """The source's words and titles between the language's quotation marks: Spanish «»,
    English “” (a message of the gettext catalogs)."""
    return i18n.translator(language).pgettext("quotation marks", "“{text}”").format(text=text)


#: The cost table's columns (messages of the gettext catalogs, context "cost table"); the
#: cost and count headings depend on `game.ordered_costs` (the card game pays in the card's
#: order, the board game in any) and `game.count_column`.
COST_TABLE_HEADINGS = {
    "building": pN_("cost table", "Building"), "points": pN_("cost table", "Points"),
    "cost": {True: pN_("cost table", "Cost, in order"), False: pN_("cost table", "Cost")},
    "count": {"cards": pN_("cost table", "Cards"),
              "pieces": pN_("cost table", "Pieces per player")},
}
#: A ruling's parts, as the clarifications chapter labels them.
RULING_LABELS = (N_("Question"), N_("Decision"), N_("Reason"), N_("Source"))
#: Where an almanac entry's rule is stated: "see Loose cards" (a link: its page, in print).
SEE = N_("see {section}")
#: What a ruling does to its source (`Ruling.settles`).
SETTLES = {"gap": N_("This ruling fills a gap in the text"),
           "contradiction": N_("This ruling settles a contradiction in the text"),
           "ambiguity": N_("This ruling chooses between two readings of the text"),
           "departure": N_("This ruling departs from the text")}
#: The source line of a ruling that reads none: a book that is its own source.
OWN_DECISION = N_("The designer's own decision: this book is the rules' source")
#: Under a ruling the player's almanac leaves out (`Ruling.dossier`), in the dossier.
DOSSIER_ONLY = N_("This ruling is printed only in this dossier: no player asks it, and the "
                  "player's book does not cite it.")


#: A source's words in a translated edition: as written, then translated.
IN_TRANSLATION = N_("{original} (in translation: {translation})")


def source_words(text: str, original: str | None, language: str) -> str:
    """A quote of the source, quoted: in a translated edition (`original`, the words as the
    source writes them) the original first and the translation after it, as an editor
    checks a quote against the text it quotes."""
    if not original:
        return quoted(text, language)
    return i18n.translator(language).gettext(IN_TRANSLATION).format(
        original=quoted(original, language), translation=quoted(text, language))


def join_words(words: list[str], language: str) -> str:
    """ "madera, ladrillo y lana": a list as the language writes it."""
    return i18n.translator(language).join(words)


#: Decimals a number may be printed with: more is no measure a reader can use (and past
#: about 28, Babel's decimal arithmetic fails with a class name for a message).
MAX_DIGITS = 6


def _number(helper: str, value: Any, whole: bool = False) -> Any:
    """`value`, a number the helper can print; a ValueError that names the helper if not."""
    kinds = int if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or (
            isinstance(value, float) and not math.isfinite(value)):
        kind = "a whole number" if whole else "a number"
        raise ValueError(f"{helper}() of {value!r}; expected {kind}")
    return value


def _digits(helper: str, digits: Any) -> int:
    if isinstance(digits, bool) or not isinstance(digits, int) or \
            not 0 <= digits <= MAX_DIGITS:
        raise ValueError(f"{helper}() with {digits!r} decimals; expected a whole number of "
                         f"decimals from 0 to {MAX_DIGITS}")
    return digits


def prose_context(meta: BookMeta, components: Components, rulings: list[Ruling],
                  scores=(), chapters: list | None = None) -> dict[str, Any]:
    """The names a chapter's template may use. `chapters`: the chapters read so far (the
    loader fills the list as it reads them), whose headings `ruling_list` links to."""
    lang = meta.language
    res = {r.id: r for r in components.resources}
    bld = {b.id: b for b in components.buildings}
    exp = {e.id: e for e in components.expansions}

    def names(resource_ids: list[str]) -> list[str]:
        return [res[r].name.lower() for r in resource_ids]

    def counted(paid: list[str]) -> list[str]:
        """A cost paid in any order, each resource once with its count: «2 cereales»."""
        return [i18n.count_noun(paid.count(r), res[r].name.lower(), res[r].plural, lang)
                for r in dict.fromkeys(paid)]

    def cost(building_id: str) -> str:
        """A building's cost in card order, as words: «madera y ladrillo»; a cost paid in
        any order (the board game's) counted: «2 cereales y 3 minerales»."""
        paid = bld[building_id].cost
        if components.game is None or components.game.ordered_costs:
            return join_words(names(paid), lang)
        return join_words(counted(paid), lang)

    def points(building: Any) -> str:
        if building.faces:
            return " · ".join(f"{f.letter}: {f.points}" for f in building.faces)
        return f"{building.points}{components.points_aside(building)}"  # "3 (Ayuntamiento 4)"

    def cost_table() -> str:
        """The building-costs card as a Markdown table, straight from components.yaml.

        Ordered costs (the card game) read card by card, «Madera → Ladrillo»; unordered ones
        (the board game) as counts, «2 cereales, 3 minerales». The count column counts the
        building cards of the set, or each player's pieces (a building with count 0 is no
        piece: "—")."""
        if not components.buildings:
            raise ValueError("cost_table(): the book has no buildings; expected buildings: "
                             "in components.yaml")
        game = components.game
        ordered = game.ordered_costs if game else True
        counting = game.count_column if game else "cards"
        t, words = i18n.translator(lang), COST_TABLE_HEADINGS
        head = (t.gettext(words["building"]), t.gettext(words["cost"][ordered]),
                t.gettext(words["points"]), t.gettext(words["count"][counting]))
        rows = [f"| {' | '.join(head)} |", "|" + "---|" * len(head)]
        for b in components.buildings:
            if ordered:
                cost = " → ".join(n.capitalize() for n in names(b.cost))
            else:
                cost = ", ".join(counted(b.cost))
            count = "—" if b.flip_of or (counting == "pieces" and not b.count) else str(b.count)
            rows.append(f"| {b.name} | {cost} | {points(b)} | {count} |")
        return "\n".join(rows)

    def expansion_list() -> str:
        lines = []
        for e in components.expansions:
            t = i18n.translator(lang)
            extra = "; " + t.gettext("it also costs {cards}").format(
                cards=join_words(counted(e.extra_cost), lang)) if e.extra_cost else ""
            points = t.ngettext("{n} point", "{n} points", e.points).format(n=e.points)
            lines.append(f"- **{e.name}** — {points}{extra}. {e.power}")
        return "\n".join(lines)

    def ruling_list() -> str:
        """The almanac a player looks a question up in: each ruling's question and its
        decision under the ruling's id and title, and where the book states the rule it
        settles (a link: its page, in print). What it reads in the source, how it settles
        it and why are the editor's (`ruling_sources`, a chapter of the dossier), as are the
        rulings marked `dossier`, which no player asks."""
        from generator.content.prose import render_string
        t = i18n.translator(lang)
        titles = {anchor: title for chapter in chapters or ()
                  for anchor, title in [(chapter.id, chapter.title), *chapter.sections]}
        blocks = []
        for ruling in (r for r in rulings if not r.dossier):
            question, decision = (render_string(text, context)
                                  for text in (ruling.question, ruling.decision))
            # a section of a chapter not read yet (the same one, on a sheet): its title is
            # filled in once the book is read (loader._fill_titles)
            title = titles.get(ruling.section) or (TITLE_TO_COME if ruling.section else None)
            link = f"[{title}](#{ruling.section})"
            see = t.gettext(SEE).format(section=link)
            decision = decision.strip()
            # after a sentence, a sentence of its own: «… a 15. (Véase La partida, p. 3.)»
            where = ("" if not title else f" ({see[:1].upper()}{see[1:]}.)"
                     if decision.endswith((".", "!", "?")) else f" ({see})")
            blocks.append(f"## {ruling.id}. {ruling.title} {{#{ruling_anchors(ruling.id)[0]}}}"
                          f"\n\n*{question.strip()}* {decision}{where}")
        return "\n\n".join(blocks)

    def ruling_sources() -> str:
        """Every ruling whole, for the editor's dossier: the passage of the source it reads
        and its words, whether it fills a gap, settles a contradiction or departs (and how),
        the question, the decision and the reason; each under its id and title, at
        `#r07-fuente` (the almanac's `#r07` is the player's book's)."""
        from generator.content.prose import render_string
        t = i18n.translator(lang)
        q, d, r, s = (t.gettext(label) for label in RULING_LABELS)
        blocks = []
        for ruling in rulings:
            question, decision, reason = (render_string(text, context) for text in
                                          (ruling.question, ruling.decision, ruling.reason))
            originals = ruling.original_quote or [""] * len(ruling.quote)
            quotes = " ".join(source_words(text.rstrip("."), original.rstrip("."), lang)
                              for text, original in zip(ruling.quote, originals))
            source = (f"{t.gettext(OWN_DECISION)}." if ruling.source is None else
                      f"{ruling.source}" + (f": {quotes}" if quotes else "") +
                      f". {t.gettext(SETTLES[ruling.settles])}" +
                      (f": {render_string(ruling.departs, context)}" if ruling.departs
                       else "."))
            only = f"*{t.gettext(DOSSIER_ONLY)}*\n\n" if ruling.dossier else ""
            blocks.append(f"## {ruling.id}. {ruling.title} {{#{ruling_anchors(ruling.id)[1]}}}"
                          f"\n\n{only}*{s}:* {source}\n\n"
                          f"*{q}:* {question}\n\n*{d}:* {decision}\n\n*{r}:* {reason}")
        return "\n\n".join(blocks)

    def score_table() -> str:
        """Final score to title, from scores.yaml."""
        words = i18n.translator(lang)
        points, title = words.gettext("Points"), words.gettext("Title")
        rows = [f"| {points} | {title} |", "|---|---|"]
        for band in scores:
            rows.append(f"| {i18n.span(band.min, band.max, lang)} | {band.title} |")
        return "\n".join(rows)

    def decimal(value: float, digits: int = 1) -> str:
        return i18n.decimal(_number("decimal", value), lang, _digits("decimal", digits))

    def percent(value: float, digits: int = 1) -> str:
        return i18n.percent(_number("percent", value), lang, _digits("percent", digits))

    def odds(share: float, games: bool = False) -> str:
        """`{{ odds(run.win_rate) }}`: "unas tres de cada cuatro", "about three in four";
        with `games`, the games named: "unas tres de cada cuatro partidas", "cerca de la
        mitad de las partidas" (what «ganas …» reads with)."""
        value = _number("odds", share)
        if not 0 <= value <= 1:
            raise ValueError(f"odds() of {share!r}; expected a share from 0 to 1")
        return i18n.odds(value, lang, games=bool(games))

    def count(number: int, one: str, other: str) -> str:
        """`{{ count(n, "ficha", "fichas") }}`: "1 ficha", "20 fichas"."""
        if not isinstance(one, str) or not isinstance(other, str):
            raise ValueError("count() takes a number and two words (one, several); expected "
                             'count(n, "coin", "coins")')
        return i18n.count_noun(_number("count", number, whole=True), one, other, lang)

    context = {
        "decimal": decimal,
        "count": count,
        "percent": percent,
        "odds": odds,
        "score_table": score_table,
        "book": meta,
        "components": components,
        # The game's parameters, the generator's own and the book's: `{{ game.rounds }}`.
        "game": components.game or GameParameters(),
        "special_cards": components.special_cards,
        "res": res,
        "bld": bld,
        "exp": exp,
        "total_cards": components.total_resource_cards,
        "starters": join_words(names(components.series_starters), lang),
        # "madera, trigo u oveja": any one of them ("si es madera, trigo u oveja")
        "any_starter": i18n.translator(lang).join(names(components.series_starters), True),
        "enders": join_words(names(components.series_enders), lang),
        "cost": cost,
        "cost_table": cost_table,
        "expansion_list": expansion_list,
        "ruling_list": ruling_list,
        "ruling_sources": ruling_sources,
        "rulings": {r.id: r for r in rulings},
    }
    if components.game is not None and components.game.goal is not None:
        context["goal"] = components.game.goal  # `{{ goal }}`: unknown when the book has none
    return context
