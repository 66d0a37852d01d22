"""Why an action is refused: the rule it breaks, what it needed and what was there.

Legality itself is decided only by `Game.legal_actions`; this module runs after a refusal to
name the reason, checking the conditions in the order a player would.
"""

from __future__ import annotations

from collections import Counter

from generator.errors import IllegalAction
from generator.games.solo_catan.actions import (Continue, Demolish, DiscardHand, DiscardMarket,
                                                EndRecycling, KnightPays, LibrarySwap, LoseCard,
                                                PayTownHall, PlaceLoose, Recycle, SacrificeHand,
                                                StartSeries, TradeMarket, TradeThree, UseKnight)

DECISION_ACTIONS = (LoseCard, SacrificeHand, UseKnight, KnightPays, DiscardHand, DiscardMarket,
                    EndRecycling)


def explain(game, action) -> IllegalAction:
    def refuse(code, section, needed, found, ruling=None):
        return IllegalAction(action, code, section, needed, found, ruling)

    r = game.rules
    if game.is_over():
        return refuse("game-over", "fin", "a game in progress", f"a game {game.phase.value}")
    if game.decision and not isinstance(action, DECISION_ACTIONS + (Recycle,)):
        options = ", ".join(str(a) for a in game.legal_actions())
        return refuse("decision-pending", "turno", f"a decision first: {options}",
                      f"a pending {game.decision}")
    if isinstance(action, DECISION_ACTIONS) and not game.decision:
        return refuse("no-decision-pending", "turno", "a pending decision", "none")
    hand = Counter(game.hand)
    last = game.last_card
    last_text = last.counts_as if last else "an empty SH"

    if isinstance(action, (StartSeries, Continue, PlaceLoose)):
        if hand[action.resource] == 0:
            return refuse("not-in-hand", "turno", f"a {action.resource} in hand",
                          f"hand {sorted(game.hand)}")
        uses_university = getattr(action, "as_resource", None) is not None
        if uses_university and "university" not in game.expansions:
            return refuse("no-university", "ampliaciones", "the University", "none built", "R09")
    if isinstance(action, StartSeries):
        if game.town_hall_due:
            return refuse("town-hall-unpaid", "ampliaciones", "the Town Hall's extra ore paid "
                          "before another series starts", "it unpaid", "R11")
        if not game.can_start_series():
            return refuse("cannot-start-series", "series",
                          "the last SH card to end a series (" + ", ".join(sorted(r.enders)) + ")",
                          f"the last SH card is {last_text}, which ends no series")
        counted = action.as_resource or action.resource
        if action.target not in r.costs or r.costs[action.target][0] != counted:
            starts = [t for t in r.costs if r.costs[t][0] == counted]
            return refuse("not-a-starter", "series",
                          f"a target that starts with {counted}: {starts or 'none'}",
                          f"target {action.target}")
        return refuse("target-unavailable", "series", f"a {action.target} you could take now",
                      "none left in its stack, or nothing to build it on", "R05")
    if isinstance(action, Continue):
        series = game.open_series
        if series is None:
            return refuse("no-open-series", "series", "an incomplete series at the end of the SH",
                          "none")
        need = r.costs[series.target][len(series.cards)]
        if action.as_resource is not None:
            return refuse("university-used", "ampliaciones", "one substitution per series",
                          "one already made in this series", "R09")
        return refuse("wrong-card", "series", f"{need}, next in the {series.target} series",
                      action.resource)
    if isinstance(action, PlaceLoose):
        if not game.can_start_series():
            return refuse("cannot-place-loose", "cartas-sueltas",
                          "an empty SH or a series-end card last", f"{last_text}", "R07")
        starters = sorted(r for r in set(game.hand) if game.can_start_with(r))
        return refuse("starter-not-loose", "cartas-sueltas",
                      "no card in hand that could start a series",
                      f"{', '.join(starters)} could start one", "R07")
    if isinstance(action, TradeMarket):
        if hand[action.give] == 0:
            return refuse("not-in-hand", "comercio", f"a {action.give} in hand", sorted(game.hand))
        if action.take not in game.market:
            return refuse("not-in-market", "comercio", f"a {action.take} in the market",
                          f"market {sorted(game.market)}")
        return refuse("market-card-just-given", "comercio",
                      "a market card you did not give this turn", f"{action.take} given this turn",
                      "R21")
    if isinstance(action, TradeThree):
        if hand[action.give] < 3:
            return refuse("three-needed", "comercio", f"three {action.give} in hand",
                          f"{hand[action.give]}")
        pile = game.discard if action.source == "discard" else game.deck
        return refuse("not-in-pile", "comercio", f"a {action.take} in the {action.source}",
                      "none there" if action.take not in pile else "the same resource", "R20")
    if isinstance(action, LibrarySwap):
        if "library" not in game.expansions:
            return refuse("no-library", "ampliaciones", "the Library", "none built", "R10")
        if game.library_used:
            return refuse("library-used", "ampliaciones", "the Library unused this turn",
                          "used already", "R10")
        return refuse("not-in-pile", "ampliaciones", f"{action.give} in hand and {action.take} "
                      "in the MDD", f"hand {sorted(game.hand)}, MDD {sorted(set(game.discard))}")
    if isinstance(action, Demolish):
        if not game.history:
            return refuse("nothing-to-demolish", "demolicion", "cards on the SH", "none")
        if not game.may_demolish():
            reason = ("the open series can take its next card from the hand or the market"
                      if game.can_continue() else
                      f"the SH ends in {last_text} and the hand can start a series")
            return refuse("not-blocked", "demolicion", "no way to continue the series or "
                          "start another", reason, "R13")
        if len(game.demolished) >= r.demolition_limit:
            return refuse("demolition-limit", "demolicion",
                          f"at most {r.demolition_limit} cards a turn", f"{len(game.demolished)}")
        if game.building_type(action.payment) in game.demolished:
            return refuse("payment-type-used", "demolicion", "a building type not yet returned "
                          "this turn", f"{game.building_type(action.payment)} returned already")
        series = game.history[-1]
        if series.complete and series.built:
            return refuse("payment-forced", "demolicion", f"the series' own {series.target}",
                          action.payment, "R13")
        return refuse("payment-not-owned", "demolicion", f"a {action.payment} of yours that "
                      "can be given back", f"{game.owned_buildings()}", "R14")
    if isinstance(action, PayTownHall):
        if not game.town_hall_due:
            return refuse("nothing-due", "ampliaciones", "an unpaid Town Hall", "none", "R11")
        return refuse("cannot-pay", "ampliaciones", "two ore in hand", sorted(game.hand), "R11")
    if isinstance(action, Recycle):
        if game.decision == "recycling" and game.stack[-1][1] <= 0:
            return refuse("recycle-limit", "reciclaje", "a card missing from the hand for each "
                          "series recycled", "as many series recycled as cards missing", "R18")
        if game.deck:
            return refuse("deck-not-empty", "reciclaje", "an empty MDR", f"{len(game.deck)} cards")
        if game.can_progress():
            return refuse("can-progress", "reciclaje",
                          "no settlement, city or expansion buildable", "one is", "R18")
        if not game.recyclable():
            return refuse("series-in-progress", "reciclaje", "an oldest series that is not the "
                          "one in progress", "only the series in progress", "R18")
        return refuse("payment-not-allowed", "reciclaje", f"one of {game._recycle_options()}",
                      action.payment, "R18")
    if isinstance(action, UseKnight):
        if not 0 <= action.index < len(game.knights):
            return refuse("no-knight", "caballeros", "a knight", f"{len(game.knights)} knights")
        return refuse("deck-too-small", "caballeros", "enough cards in the MDR",
                      f"{len(game.deck)}", "R16")
    return refuse("not-legal-now", "turno", "one of the legal actions",
                  ", ".join(str(a) for a in game.legal_actions()) or "none")


def allowed_by(game, action) -> tuple[str, str | None]:
    """Where the book states the rule that allows a legal `action` (`rulebook play`'s `why
    N`): its section's anchor, and the ruling that decided it, if one did. The same sections
    `explain` cites for a refusal of the same kind of action."""
    match action:
        case StartSeries(as_resource=str()) | Continue(as_resource=str()):
            return "universidad", "R09"
        case StartSeries():
            return "empezar-una-serie", None
        case Continue():
            return "series", None
        case PlaceLoose():
            return "cartas-sueltas", "R07"
        case TradeMarket() | TradeThree():
            return "comercio", None
        case LibrarySwap():
            return "ampliaciones", "R10"
        case PayTownHall():
            return "ayuntamiento", "R11"
        case Demolish():
            return "demolicion", "R13"
        case Recycle() | EndRecycling():
            return "reciclaje", "R18"
        case UseKnight():
            return "caballeros", "R16"
        case KnightPays():
            return "caballero-a-pie", None
        case LoseCard() | SacrificeHand():
            return "coincidencias", "R01"
        case DiscardHand() | DiscardMarket():
            return "carreteras", "R15"
    return "turno", None
