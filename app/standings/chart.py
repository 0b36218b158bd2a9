"""A small rating-history chart drawn on the server as SVG: no script, nothing inline but the drawing's own
attributes (the pages' content security policy allows no inline style)."""

from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 120
PAD_LEFT, PAD_RIGHT, PAD_Y = 44, 8, 12


def history_chart(points, title):
    """An <svg> of the shown ratings `points` (oldest first, at least one), labelled `title` for screen readers;
    the lowest and highest rating are written on the left."""
    low, high = min(points), max(points)
    if high - low < 40:                 # a flat line drawn across the middle, not a magnified wobble
        low, high = (low + high) / 2 - 20, (low + high) / 2 + 20
    span_x = max(1, len(points) - 1)
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - 2 * PAD_Y

    def at(index, value):
        x = PAD_LEFT + inner_w * (index / span_x if len(points) > 1 else 0.5)
        y = PAD_Y + inner_h * (high - value) / (high - low)
        return f"{x:.1f},{y:.1f}"

    line = " ".join(at(index, value) for index, value in enumerate(points))
    last = at(len(points) - 1, points[-1]).split(",")
    return Markup(
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" role="img" '
        f'aria-label="{escape(title)}">'
        f'<line x1="{PAD_LEFT}" y1="{PAD_Y}" x2="{WIDTH - PAD_RIGHT}" y2="{PAD_Y}" stroke="#ccc"/>'
        f'<line x1="{PAD_LEFT}" y1="{HEIGHT - PAD_Y}" x2="{WIDTH - PAD_RIGHT}" y2="{HEIGHT - PAD_Y}" stroke="#ccc"/>'
        f'<text x="{PAD_LEFT - 4}" y="{PAD_Y + 4}" text-anchor="end" font-size="11" fill="#444">{round(high):,}</text>'
        f'<text x="{PAD_LEFT - 4}" y="{HEIGHT - PAD_Y + 4}" text-anchor="end" font-size="11" fill="#444">'
        f'{round(low):,}</text>'
        f'<polyline points="{line}" fill="none" stroke="#1d5c3a" stroke-width="2"/>'
        f'<circle cx="{last[0]}" cy="{last[1]}" r="3" fill="#1d5c3a"/></svg>')
