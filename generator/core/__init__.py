"""What every layer may use and nothing of the program's own above it: the words of the
program (`i18n`, `labels`), typographer's quotes (`typography`), the colours (`palette`),
content files read safely (`files`), pieces on a sheet (`sheet`), a page's geometry
(`page`), written outputs (`output`) and the statistics the simulator and the book share
(`stats`). The import-linter contract in pyproject.toml holds it to that."""
