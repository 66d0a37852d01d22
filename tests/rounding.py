"""Numbers as the books print them, for tests that compute what a page must say."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal


def half_up(value: float, step: str = "1", comma: bool = False) -> str:
    """`value` to `step` ("0.1": one decimal) as a reader rounds, half away from zero (8.5 is
    9), as generator.core.i18n prints it; `comma`: with Spanish's decimal comma."""
    text = str(Decimal(str(value)).quantize(Decimal(step), rounding=ROUND_HALF_UP))
    return text.replace(".", ",") if comma else text
