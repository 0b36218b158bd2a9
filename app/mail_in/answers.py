"""The words of an answer to a reply by mail (app.mail_in.replies): why a move was not played, and whose move it
is, as a person reads them. Cards by their faces (Q♠), players by name; never the engine's own message, which
speaks of seat numbers and the notation. Read from the seat's own view alone."""

from engine import EngineError
from engine.cards import SUIT_NAMES, display, is_card

from app.context import external_url
from app.store.models import STATUS_OVER
from app.words.result_words import game_result_words
from app.social.next_game import next_game
from app.mail_out.notify import game_context, seat_picture
from app.play.seats import seat_path

NOT_A_MOVE = "“{line}” is not a card or a move. Write a card as 10♥ or 10H, or a word such as pass."
# What one may reply to a mail of the game, as the answer to `help` lists it (app.mail_in.replies reads them).
REPLY_HELP = [
    "your move alone on the first line: a card (10♥ or 10H) or a word such as pass",
    "say and your words, on a line of its own: a message to the table (with a move or without one)",
    "help: your hand, your moves and this list",
    "hand over: a robot plays your seat for the rest of the game (you are asked first: reply hand over yes)",
    "resign: give up the game (you are asked first: reply resign yes)",
    "abandon: propose that the game ends with no result (you are asked first: reply abandon yes)",
    "agree or decline: answer a proposal to abandon the game, or your partner's request to concede",
    "rematch yes or rematch no: once the game is over, offer or answer a rematch",
]


def why_not(state, seats, seat, line, move, code):
    """Why the move `move` (as the reply's first `line` was read) could not be made by player seat `seat` in
    `state` (the game as it is now; `code` is the refusal's engine code), in a sentence or two."""
    if code == "not_your_turn" or not acting_seat(state, seat)[1]:
        return whose_move(state, seats, seat) or "It is not your move now."
    acting, legal = acting_seat(state, seat)
    try:
        canonical = state.parse_move(acting, move)
    except EngineError:
        return NOT_A_MOVE.format(line=" ".join(line.split())[:60])
    view = state.view(seat)
    if is_card(canonical):
        return card_refused(view, acting, canonical, legal)
    return f"You cannot {spoken_words(canonical)} now."


def acting_seat(state, seat):
    """(the engine seat player seat `seat` moves for now, its legal moves): (seat, []) when none is its to make."""
    for number in state.to_move:
        if state.controller(number) == seat:
            return number, state.read_legal(number)
    return seat, []


def card_refused(view, acting, card, legal):
    """`You do not hold Q♠`, or why a card held cannot be played now (a suit to follow, a trump to play)."""
    hands = view.get("hands") or []
    held = hands[acting] if acting < len(hands) and hands[acting] is not None else view.get("hand") or []
    if card not in held:
        return f"You do not hold {display(card)}."
    cards = [move for move in legal if is_card(move)]
    trick = view.get("trick") or []
    led = trick[0][1][1] if trick and is_card(trick[0][1]) and trick[0][1][1] in SUIT_NAMES else None
    suits = {move[1] for move in cards}
    if led and suits == {led}:
        return f"{display(card)} cannot be played now: you must follow {SUIT_NAMES[led]}."
    trump = view.get("trump")
    if led and trump and suits == {trump}:
        return (f"{display(card)} cannot be played now: you cannot follow {SUIT_NAMES[led]}, so you must play a "
                f"trump ({SUIT_NAMES[trump]}).")
    if cards:
        return f"{display(card)} cannot be played now: you may play {', '.join(display(move) for move in cards)}."
    return f"{display(card)} cannot be played now."


def spoken_words(move):
    """A spoken move as a person says it: `double`, `discard 7♠ 2♥`."""
    return " ".join(display(word) if is_card(word) else word for word in str(move).split(" "))


def whose_move(state, seats, seat, over=False):
    """`It is Bob's move now, not yours.`, or that the game is over (by its rules, or `over` outside them); None
    when the move is `seat`'s."""
    if over or state.over:
        return "The game is over."
    if not state.to_move:
        return "The next deal is being dealt."
    players = [state.controller(number) for number in state.to_move]
    if seat in players:
        return None
    names = [seats[player].name for player in dict.fromkeys(players) if player in seats]
    if not names:
        return "It is not your move now."
    return f"It is {' and '.join(names)}'s move now, not yours."


def answer_context(session, game, seats, seat, state):
    """What an answer to `seat`'s reply shows of its table now (besides its headline and reason)."""
    waiting = next_game(session, seat)
    return dict(game_context(game, seats), name=seat.name, table_url=external_url(seat_path(seat)),
                result=game_result_words(state.seats, game, seats) if game.status == STATUS_OVER else None,
                whose_move=whose_move(state, seats, seat.seat, game.status == STATUS_OVER),
                next_game=waiting and {"words": waiting.words, "url": external_url(waiting.path)},
                **seat_picture(game, state, seats, seat))
