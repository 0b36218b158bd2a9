"""Finished deals' history, rendered once per process: it never changes, and it is most of a long game's page."""

from collections import OrderedDict

from flask import current_app
from markupsafe import Markup

CACHE_SIZE = 4096
_rendered = OrderedDict()


def finished_deals_html(game_id, game, seat, deals, names, sides):
    """The history of finished deals, newest first, as shown to `seat` (keyed by seat: views are per seat)."""
    macro = current_app.jinja_env.get_template("pages/_card.html").module.history
    parts = []
    for deal in reversed(deals):
        key = (game_id, seat, deal.get("deal"), tuple(names), tuple(sides or ()))
        if key not in _rendered:
            _rendered[key] = Markup(macro(game, [deal], names, sides))
            if len(_rendered) > CACHE_SIZE:
                _rendered.popitem(last=False)
        parts.append(_rendered[key])
    return Markup("").join(parts)
