"""A book's files parsed on the idle core while `rulebook check` is still starting.

A check spends its first 0.14 s starting and importing its modules, on one core; on a machine with a
core to spare, that core is idle until the editions are checked side by side
(sidebyside.py). Parsing the book's YAML files and compiling its templates — each chapter,
and each text of a YAML file that holds template syntax — needs none of the model's
modules, and is a third of an edition's check: a forked copy does it meanwhile
(`prefetch`) and hands back what it made, through a pipe between the two processes, as
marshal data (nothing is written to disk, nothing the copy sends runs): the code Jinja
compiled (the form Jinja's own bytecode cache stores), and each YAML file's data pickled as
yamlsource keeps it, after the same parser and the same limits (duplicate keys, depth,
aliases) passed it.

What comes back is only remembered by the text it was made from (prose.precompiled,
yamlsource.parsed_ahead): the loader still reads every file itself, and a text the copy
did not parse (changed in between, a file it did not find, a mistake, which the loader
then reports at its line) is parsed as before. Compiling runs nothing the book wrote: a
template only runs when the loader renders it, in the sandbox.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ..sidebyside import Background

#: At most this many files of each kind a book: the copy works for the loader, which has
#: its own limits.
MAX_FILES = 2000


def prefetch(folders: Iterable[Path]) -> Background:
    """Start parsing the files of the books in `folders` on the idle core; `take` its
    result once this process has imported what it needs."""
    return Background(_parse_ahead, tuple(folders))


#: How long this process waits for the copy once it is ready itself (seconds): about what
#: parsing the files itself would cost it. Normally the copy is done well before.
WAIT = 0.02


def take(copy: Background) -> None:
    """Take what the copy parsed and remember it (nothing if there was no copy, or if it is
    not done by `WAIT`: the loader parses the files itself, as without it)."""
    made = copy.result(wait=WAIT)
    if made:
        import marshal
        from .prose import precompiled
        from .yamlsource import parsed_ahead
        templates, data = marshal.loads(made)
        precompiled(templates)
        parsed_ahead(data)


def _parse_ahead(folders: tuple[Path, ...]) -> bytes:
    """In the copy: ({template text: code}, {YAML text: pickled data}) for the chapters and
    YAML files under `folders`, marshalled. What cannot be read or parsed is left out."""
    import marshal
    import pickle

    from ..errors import GeneratorError
    from .limits import MAX_CHAPTER_BYTES, MAX_YAML_BYTES
    from .paths import contained
    from .prose import compile_template, has_template_syntax
    from .yamlsource import parsed_data
    texts: list[str] = []
    data: dict[str, bytes] = {}
    for folder in folders:
        try:  # a book folder that is itself a link out is one the loader refuses
            contained(folder, folder)
        except GeneratorError:
            continue
        texts += (text for file in sorted(folder.rglob("*.md"))[:MAX_FILES]
                  if (text := _text(file, MAX_CHAPTER_BYTES)) is not None)
        for file in sorted(folder.rglob("*.yaml"))[:MAX_FILES]:
            text = _text(file, MAX_YAML_BYTES)
            if text is None or text in data:
                continue
            try:
                data[text] = parsed_data(file, text)
            except GeneratorError:  # the loader reports it at its line
                continue
            if has_template_syntax(text):
                texts += (value for value in _strings(pickle.loads(data[text]))
                          if has_template_syntax(value))
    compiled = {}
    for text in dict.fromkeys(texts):
        try:
            compiled[text] = compile_template(text)
        except Exception:  # noqa: BLE001 - the loader compiles it again, and says why
            continue
    return marshal.dumps((compiled, data))


def _text(file: Path, limit: int) -> str | None:
    """The file's text as the loader reads it (textfile.py), or None: for anything but a
    plain file within the limit, such as a link (which may lead out of the book's folder:
    the loader decides, and reads it itself if it may; `rglob` does not follow linked
    folders) or a pipe (which would keep the copy waiting: refused before it is opened)."""
    from ..errors import GeneratorError
    from .textfile import read_text
    try:
        if file.lstat().st_size > limit:
            return None
        return read_text(file, follow=False)
    except (OSError, GeneratorError):
        return None


def _strings(data) -> Iterable[str]:
    """Every string value in parsed YAML data (keys are names, never templates), each
    mapping and list visited once (an alias may repeat one, or hold itself)."""
    stack, seen = [data], set()
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, (dict, list)) and id(value) not in seen:
            seen.add(id(value))
            stack.extend(value.values() if isinstance(value, dict) else value)
