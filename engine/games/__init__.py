"""One module per game: importing this package finds and imports every module in it.

A game registers itself with `@register` when its module is imported, so
adding a game is adding a module here: no list of games to edit.
"""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
