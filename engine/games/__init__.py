"""One module per game; importing this package registers them all."""

from . import quinto  # noqa: F401
from . import sueca  # noqa: F401
from . import polignac  # noqa: F401
from . import slobberhannes  # noqa: F401
from . import reunion  # noqa: F401
from . import ruff_and_honours  # noqa: F401
from . import all_fours  # noqa: F401
from . import catch_the_ten  # noqa: F401
from . import french_whist  # noqa: F401
