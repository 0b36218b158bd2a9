"""Reading whole numbers from form fields and query arguments."""

import re

# ASCII digits only (str.isdigit and int() also take "²" or "٣"), and few enough to stay a small number.
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,9}")


def whole_number(text):
    """The number `text` plainly writes (spaces around it allowed), or None."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    return int(text) if WHOLE_NUMBER.fullmatch(text) else None
