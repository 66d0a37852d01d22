"""Regenerate the content-file reference from the content model.

Writes the JSON Schemas shipped in the package (`generator/schemas/*.schema.json`) and the
reference pages (`docs/reference/*.md`), both derived from the pydantic models in
`generator/content/` (scripts/reference.py); `tests/unit/test_reference.py` fails until this has been run after a model
change.

    python scripts/make_reference.py          # write what changed
    python scripts/make_reference.py --check  # exit 1 if anything would change
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reference import ROOT, differences, write_all  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if the committed files are out of date")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences(ROOT)
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    changed = write_all(ROOT)
    if not changed:
        print("schemas and reference pages are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
