"""A book's templates compiled on the idle core while `rulebook check` is still starting.

A check spends its first 0.15 s importing its modules, on one core; on a machine with a
core to spare, that core is idle until the editions are checked side by side
(sidebyside.py). Compiling the book's templates — each chapter, and each text of its YAML
files that holds template syntax — needs none of the model's modules, and is a fifth of an
edition's check: a forked copy does it meanwhile (`prefetch`) and hands back the code
Jinja compiled, as Jinja's own bytecode cache stores it (marshal), through a pipe between
the two processes (nothing is written to disk, nothing a book holds is unpickled).

The code is only remembered by the text it was compiled from (prose.precompiled): the
loader still reads every file itself, and a text the copy did not compile (changed in
between, a file it did not find, a syntax error, which the loader then reports at its
line) is compiled as before. Compiling runs nothing the book wrote: a template only runs
when the loader renders it, in the sandbox.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..sidebyside import Background

#: At most this many files a book: the copy works for the loader, which has its own limits.
MAX_FILES = 2000


def prefetch(folders: Iterable[Path]) -> Background:
    """Start compiling the templates of the books in `folders` on the idle core; `take`
    its result once this process has imported what it needs."""
    return Background(_compile_templates, tuple(folders))


def take(copy: Background) -> None:
    """Wait for the copy and remember what it compiled (nothing if there was no copy)."""
    compiled = copy.result()
    if compiled:
        import marshal
        from .prose import precompiled
        precompiled(marshal.loads(compiled))


def _compile_templates(folders: tuple[Path, ...]) -> bytes:
    """In the copy: {template text: code} for every chapter and templated YAML text under
    `folders`, marshalled. A file that cannot be read or compiled is left to the loader."""
    import marshal

    from .limits import MAX_CHAPTER_BYTES, MAX_YAML_BYTES
    from .prose import compile_template, has_template_syntax
    texts: list[str] = []
    for folder in folders:
        files = sorted(folder.rglob("*.md"))[:MAX_FILES]
        texts += (text for file in files
                  if (text := _text(file, MAX_CHAPTER_BYTES)) is not None)
    from ..errors import GeneratorError
    from .yamlsource import parsed_data
    for folder in folders:
        for file in sorted(folder.rglob("*.yaml"))[:MAX_FILES]:
            text = _text(file, MAX_YAML_BYTES)
            if text is None or not has_template_syntax(text):
                continue
            try:
                data = parsed_data(file, text)
            except GeneratorError:  # the loader reports it at its line
                continue
            texts += (value for value in _strings(data) if has_template_syntax(value))
    compiled = {}
    for text in dict.fromkeys(texts):
        try:
            compiled[text] = compile_template(text)
        except Exception:  # noqa: BLE001 - the loader compiles it again, and says why
            continue
    return marshal.dumps(compiled)


def _text(file: Path, limit: int) -> str | None:
    try:
        if file.stat().st_size > limit:
            return None
        return file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _strings(data) -> Iterable[str]:
    """Every string value in parsed YAML data (keys are names, never templates)."""
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
