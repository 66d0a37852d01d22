"""The templates and layouts the program fills in, shipped in the wheel as
`generator.templates` (pyproject.toml maps this folder there): the HTML edition's page
(`book.html.j2`, `book.css`, `position.html.j2`) and the books `rulebook new` starts from
(`scaffolds/<lang>/`). Read through importlib.resources, so an installed wheel and this
checkout read the same files."""
