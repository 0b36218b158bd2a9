"""What happened since a seat's last move, in words, for its turn mail: each move (a card by its face, a call by
its word, a card played face down as such), who won each trick, the points and counters each side or player
scored or paid and why, a deal ending with the scores, a new deal. Read from the record replayed step by step
and, at each step, from that seat's own view and what `move_seen_by` lets it know: no hidden card is named.
"""

from engine import apply_event, replay

from app.words.present import cards_in_words, names_words

STORY_LINES = 40        # a longer story keeps its latest lines


def story_since_last_move(events, seat, names):
    """The lines telling `events` (a game's record, in order) after the last move of player seat `seat` (its
    own or a dummy's it plays for), or after the start when it has made none. `names` are the player's names
    by engine seat (a dummy's is its partner's)."""
    if len(events) < 2:
        return []
    seating = replay(events[:1])
    last = max((index for index, event in enumerate(events)
                if event.get("type") == "move" and seating.controller(event["seat"]) == seat), default=0)
    state = replay(events[:last or 1])
    lines = []
    for index in range(last or 1, len(events)):
        event = events[index]
        before = state.view(seat)
        moved = event.get("type") == "move"
        # What the move does is told from the state before it; whether the seat may know it, from the state after.
        done = state.move_done_words(event["seat"], event["move"]) if moved else None
        apply_event(state, event)
        if moved and state.move_seen_by(seat, event["move"]) is None:
            done = None
        told = event_lines(event, done, before, state.view(seat), seat, names)
        lines += told[1:] if index == last else told   # the player's own move: only what it caused
    return [line[0].upper() + line[1:] for line in lines[-STORY_LINES:]]


def event_lines(event, done, before, after, seat, names):
    """One event in words (`done`: what its move did as the seat was told it, None for a move made face down),
    then what it caused."""
    kind = event.get("type")
    lines = []
    if kind == "deal":
        dealer = after.get("dealer")
        by = f" by {who(dealer, after, seat, names)}" if dealer is not None else ""
        lines.append(f"Deal {after['deal']} was dealt{by}.")
    elif kind == "move":
        mover = who(event["seat"], after, seat, names)
        lines.append(f"{mover} {done}." if done else f"{mover} put a card face down.")
    elif kind == "note" and event.get("kind") == "timeout" and event.get("seat") is not None:
        lines.append(f"{who(event['seat'], after, seat, names)} ran out of time.")
    trick = after.get("last_trick")
    if trick and trick != before.get("last_trick") and trick.get("winner") is not None:
        lines.append(f"{who(trick['winner'], after, seat, names)} won the trick.")
    lines += scored_lines(before, after, names)
    finished = after.get("history") or []
    if len(finished) > len(before.get("history") or []):
        ended = finished[-1]
        lines.append(f"Deal {ended.get('deal')} is over. Scores: "
                     f"{side_scores(after, names, ended.get('scores') or after['scores'])}.")
    if after.get("over") and not before.get("over"):
        lines.append("The game is over.")
    return lines


def who(number, view, seat, names):
    """A seat by its player's name; the player as `you`, their partner as `your partner Cy`."""
    name = names[number]
    if number == seat or name == names[seat]:
        return "you"
    sides = view["sides"]
    partner = view.get("partnerships") and sides[number] == sides[seat] and names[number] != names[seat]
    return f"your partner {name}" if partner else name


def scored_lines(before, after, names):
    """The points scored and the counters paid between two views: the ledger's new entries where the view
    keeps them (`score_entries`, `stakes`), else each side's change."""
    points = new_entries(before.get("score_entries"), after.get("score_entries"))
    stakes = new_entries((before.get("stakes") or {}).get("entries"), (after.get("stakes") or {}).get("entries"))
    if stakes is None:
        stakes = new_entries(before.get("payments"), after.get("payments"))
    lines = [f"{holders(after, names, entry['to'])} scored {entry['points']} ({cards_in_words(entry['reason'])})."
             for entry in points or []]
    lines += [payment_words(entry, names) for entry in stakes or []]
    if points is None and stakes is None and after["scores"] != before["scores"] \
            and len(after["scores"]) == len(before["scores"]):
        lines += [f"{holders(after, names, side)} {'scored' if now > then else 'lost'} {abs(now - then)}."
                  for side, (then, now) in enumerate(zip(before["scores"], after["scores"])) if now != then]
    return lines


def new_entries(earlier, later):
    """The entries of a ledger list `later` holds past `earlier` (all of them after a new game's fresh ledger);
    None where the view keeps no such list."""
    if not isinstance(later, list):
        return None
    earlier = earlier if isinstance(earlier, list) else []
    return later[len(earlier):] if later[:len(earlier)] == earlier else later


def payment_words(entry, names):
    """`Bob paid Ann 2 (for the ruff)`, `Bob put 1 in the pool (ante)`, `Ann took 6 from the pool (…)`."""
    payer, payee, amount, reason = entry.get("from"), entry.get("to"), entry.get("points"), entry.get("reason")
    if payee is None:
        words = f"{names[payer]} put {amount} in the pool"
    elif payer is None:
        words = f"{names[payee]} took {amount} from the pool"
    else:
        words = f"{names[payer]} paid {names[payee]} {amount}"
    return f"{words} ({cards_in_words(reason)})." if reason else f"{words}."


def holders(view, names, side):
    """The players of a side (`Ann and Cy`), each named once."""
    return names_words(dict.fromkeys(names[number] for number, owner in enumerate(view["sides"]) if owner == side))


def side_scores(view, names, scores):
    """`Ann and Cy 120, Bob and Di 85`."""
    return ", ".join(f"{holders(view, names, side)} {score}" for side, score in enumerate(scores))
