"""A short text notation for actions, like a chess move list, used by example files.

    start grain knight          continue brick           loose ore
    start lumber settlement as wool (University)         continue lumber as wool
    market brick ore            three brick wool from discard       library brick wool
    demolish road               pay-town-hall            recycle knight      end-recycling
    lose-card                   sacrifice-hand           knight 0            knight-pays road
    discard-hand brick          discard-market ore

`parse(format(action)) == action` for every action.
"""

from __future__ import annotations

from generator.games.solo_catan.actions import (Action, Continue, Demolish, DiscardHand,
                                                DiscardMarket, EndRecycling, KnightPays,
                                                LibrarySwap, LoseCard, PayTownHall, PlaceLoose,
                                                Recycle, SacrificeHand, StartSeries, TradeMarket,
                                                TradeThree, UseKnight)


class NotationError(ValueError):
    """Text that is not an action; the message says what form was expected."""


FORMS = {
    "start": "start RESOURCE TARGET [as RESOURCE]",
    "continue": "continue RESOURCE [as RESOURCE]",
    "loose": "loose RESOURCE",
    "market": "market GIVE TAKE",
    "three": "three GIVE TAKE from discard|deck",
    "library": "library GIVE TAKE",
    "demolish": "demolish BUILDING",
    "pay-town-hall": "pay-town-hall",
    "recycle": "recycle BUILDING",
    "end-recycling": "end-recycling",
    "lose-card": "lose-card",
    "sacrifice-hand": "sacrifice-hand",
    "knight": "knight INDEX",
    "knight-pays": "knight-pays knight|road",
    "discard-hand": "discard-hand RESOURCE",
    "discard-market": "discard-market RESOURCE",
}


def parse(text: str, resources: tuple[str, ...], targets: tuple[str, ...]) -> Action:
    words = text.split()
    if not words or words[0] not in FORMS:
        raise NotationError(f"unknown action {text!r}; expected one of: {', '.join(FORMS)}")
    verb, args = words[0], words[1:]

    def form_error() -> NotationError:
        return NotationError(f"{text!r} does not read as '{FORMS[verb]}'")

    def resource(word: str) -> str:
        if word not in resources:
            raise NotationError(f"unknown resource {word!r} in {text!r}; expected one of "
                                f"{', '.join(resources)}")
        return word

    def substitution(rest: list[str]) -> str | None:
        if not rest:
            return None
        if len(rest) == 2 and rest[0] == "as":
            return resource(rest[1])
        raise form_error()

    try:
        if verb == "start":
            if len(args) < 2:
                raise form_error()
            if args[1] not in targets:
                raise NotationError(f"unknown target {args[1]!r} in {text!r}; expected one of "
                                    f"{', '.join(targets)}")
            return StartSeries(resource(args[0]), args[1], substitution(args[2:]))
        if verb == "continue":
            return Continue(resource(args[0]), substitution(args[1:]))
        if verb == "loose" and len(args) == 1:
            return PlaceLoose(resource(args[0]))
        if verb == "market" and len(args) == 2:
            return TradeMarket(resource(args[0]), resource(args[1]))
        if verb == "three" and len(args) == 4 and args[2] == "from" and args[3] in ("discard", "deck"):
            return TradeThree(resource(args[0]), resource(args[1]), args[3])
        if verb == "library" and len(args) == 2:
            return LibrarySwap(resource(args[0]), resource(args[1]))
        if verb == "demolish" and len(args) == 1:
            return Demolish(args[0])
        if verb == "recycle" and len(args) == 1:
            return Recycle(args[0])
        if verb == "knight" and len(args) == 1 and args[0].isdigit():
            return UseKnight(int(args[0]))
        if verb == "knight-pays" and len(args) == 1 and args[0] in ("knight", "road"):
            return KnightPays(args[0])
        if verb == "discard-hand" and len(args) == 1:
            return DiscardHand(resource(args[0]))
        if verb == "discard-market" and len(args) == 1:
            return DiscardMarket(resource(args[0]))
        if not args:
            simple = {"pay-town-hall": PayTownHall, "end-recycling": EndRecycling,
                      "lose-card": LoseCard, "sacrifice-hand": SacrificeHand}
            if verb in simple:
                return simple[verb]()
    except IndexError:
        raise form_error() from None
    raise form_error()


def format_action(action: Action) -> str:
    as_ = f" as {action.as_resource}" if getattr(action, "as_resource", None) else ""
    match action:
        case StartSeries():
            return f"start {action.resource} {action.target}{as_}"
        case Continue():
            return f"continue {action.resource}{as_}"
        case PlaceLoose():
            return f"loose {action.resource}"
        case TradeMarket():
            return f"market {action.give} {action.take}"
        case TradeThree():
            return f"three {action.give} {action.take} from {action.source}"
        case LibrarySwap():
            return f"library {action.give} {action.take}"
        case Demolish():
            return f"demolish {action.payment}"
        case Recycle():
            return f"recycle {action.payment}"
        case UseKnight():
            return f"knight {action.index}"
        case KnightPays():
            return f"knight-pays {action.with_}"
        case DiscardHand():
            return f"discard-hand {action.resource}"
        case DiscardMarket():
            return f"discard-market {action.resource}"
        case PayTownHall():
            return "pay-town-hall"
        case EndRecycling():
            return "end-recycling"
        case LoseCard():
            return "lose-card"
        case SacrificeHand():
            return "sacrifice-hand"
    raise TypeError(f"not an action: {action!r}")
