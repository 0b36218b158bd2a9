"""Quinto (Angelo Lewis, c.1900), as `rules/quinto.md` specifies.

Four hands in two partnerships, 53 cards (the Joker is the Quint Royal), a
five-card cachette dealt first and taken as a thirteenth trick, a doubling
round, quints scored the moment a trick is won, and a game of 250. With three
players one of them (seat 0) also plays the dummy opposite him (seat 2).
"""

import functools

from ..cards import JOKER, RANKS, SUIT_NAMES, card_of, pack, parse_card, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError, RecordError
from ..options import Option
from ..protocol import plain_seating
from ..registry import register
from ..scoring import Ledger
from ..series import DealSeries
from ..state import AWAITING_DEAL, AWAITING_MOVE
from ..tricks import TrickGame, trick_json

PACK = tuple(pack(jokers=1))
SUITS_LOW_TO_HIGH = "SCDH"
HAND_ORDER = "HDCS"
# One total order of the 52 cards: suit first (hearts highest), then rank.
POWER = {
    card_of(rank, suit): suit_index * 13 + (12 - rank_index)
    for suit_index, suit in enumerate(SUITS_LOW_TO_HIGH)
    for rank_index, rank in enumerate(RANKS)
}
POWER[JOKER] = -1  # the Joker never wins a trick
QUINT_BY_SUIT = {"H": 20, "D": 15, "C": 10, "S": 5}
QUINT_ROYAL = 25
# Every quint, in the order a trick's quints are scored: the Quint Royal, then each suit's five,
# A-4 and 2-3, hearts first.
QUINTS = ((QUINT_ROYAL, (JOKER,)),) + tuple(
    (points, tuple(card_of(rank, suit) for rank in ranks))
    for suit, points in QUINT_BY_SUIT.items()
    for ranks in (("5",), ("A", "4"), ("2", "3"))
)
# A bit for each card of a quint and 0 for the others: the bits of a few cards together say which
# quints they hold, so a trick is searched with four look-ups.
QUINT_BIT = dict.fromkeys(PACK, 0) | {card: 1 << index for index, card in
                                      enumerate(card for _, cards in QUINTS for card in cards)}
QUINT_MASKS = tuple((sum(QUINT_BIT[card] for card in quint[1]), quint) for quint in QUINTS)
# Per suit, whether a card is of that suit: filtering a hand with it loops in C, not Python.
IN_SUIT = {suit: frozenset(pack(suits=suit)).__contains__ for suit in SUITS_LOW_TO_HIGH}
BASE_TRICK_VALUE = 5
CACHETTE_SIZE = 5
TRICKS_PER_DEAL = 12
RUBBER_GAMES_TO_WIN = 2
RUBBER_BONUS = 100
THREE_HANDED_HANDICAP = 25
DUMMY_PLAYER, DUMMY = 0, 2
CALLS = ("pass", "double", "redouble")
NO_CACHE = (None, ())
SIDES = plain_seating(4, 2).sides   # the side of each seat, for the move path

PHASE_DEAL, PHASE_DOUBLING, PHASE_PLAY, PHASE_OVER = "deal", "doubling", "play", "over"
AWAITING_IN = {PHASE_DEAL: AWAITING_DEAL, PHASE_DOUBLING: AWAITING_MOVE, PHASE_PLAY: AWAITING_MOVE,
               PHASE_OVER: None}


# Kept per set of quint cards: a trick's four or the cachette's five make some 30,000 sets in all.
@functools.lru_cache(maxsize=1 << 15)
def quints_of(bits):
    """The quints whose cards are all among `bits` (their cards' QUINT_BIT together): (points, cards) pairs."""
    return tuple(quint for needed, quint in QUINT_MASKS if bits & needed == needed)


def quints_in(cards):
    """The quints among `cards`: (points, cards forming it) pairs, in QUINTS order."""
    bits = 0
    for card in cards:
        bits |= QUINT_BIT[card]
    return quints_of(bits)


def archived_deal_view(deal):
    """A finished deal as views show it (JSON-shaped copies of what archive_deal kept)."""
    return dict(deal, calls=[[seat, call] for seat, call in deal["calls"]],
                tricks=[trick_json(trick) for trick in deal["tricks"]],
                cachette=list(deal["cachette"]) if deal["cachette"] is not None else None,
                quints=[quint_json(quint) for quint in deal["quints"]], tricks_won=list(deal["tricks_won"]),
                scores=list(deal["scores"]))


def quint_json(quint):
    """A scored quint as views show it; the deal keeps it as a tuple (side, points, cards, trick)."""
    side, points, cards, trick = quint
    return {"side": side, "points": points, "cards": list(cards), "trick": trick}


def side_of(seat):
    return SIDES[seat]


@register
class Quinto(DealSeries, TrickGame):
    """The shared series of deals with Quinto's own trick play: its move path is one method
    (`apply_move`), and `awaiting` and `to_move` are attributes kept up to date, not properties."""

    name = "quinto"
    title = "Quinto"
    blurb = "Partners race to 250 with quints, doubling and a hidden five-card cachette."
    length = "a rubber of two or three games, each of several deals"
    players = (4, 3)
    sides = 2
    flagship = True
    trick_size = 4
    move_hints = {
        "pass": "",
        "double": "every trick of this deal counts twice",
        "redouble": "double the doubled value again",
    }
    options = (
        Option("target", 250, "points that win a game", minimum=50, maximum=1000),
        Option("match", lambda players: "rubber" if players == 4 else "single_game",
               "a single game, or a rubber won by the first side to win two games",
               choices=("single_game", "rubber")),
        Option("rubber_settlement", "points",
               "how a rubber is settled: every point scored plus 100 for the winner, or games only",
               choices=("points", "games_only")),
        Option("joker_lead", "forbidden",
               "whether the Joker may be led, and who takes a trick it leads",
               choices=("forbidden", "highest_card", "opponents_win")),
        Option("joker_trick11_compulsion", "always",
               "with the Joker lead forbidden: when a holder must play it at trick 11",
               choices=("always", "if_forced_to_win", "none"), label="Joker at trick 11"),
        Option("joker_led_follow", "second_card_sets_suit",
               "after a Joker lead: the next card sets the suit to follow, or no suit need be followed",
               choices=("second_card_sets_suit", "free")),
        Option("dummy_exposed_after_opening_lead", False,
               "three-handed: whether the dummy's cards are shown to all after the opening lead",
               choices=(False, True), label="Dummy shown after the opening lead", players=(3,)),
    )

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        if players == 3:
            if self.opts["match"] == "rubber":
                raise RecordError("three-handed Quinto has no rubbers: match must be single_game")
            if dealer != DUMMY_PLAYER:
                raise RecordError("in three-handed Quinto the dummy player (seat 0) deals first")
        self.set_phase(PHASE_DEAL)
        self.game_results = []    # finished games: {"winner": side, "scores": [a, b]}
        self.hands = [[], [], [], []]
        self.trick, self.tricks, self.leader, self.turn = [], [], None, None
        self.calls = []
        self.cachette = []
        self.cachette_taken = False
        self.deck = []   # the deal's deck as dealt: the hands are revealed from it at the end
        self.deal_quints = []
        self.tricks_won = [0, 0]
        self.joker_seat = None   # the seat holding the Joker, if a hand does: no other need be searched for it
        # That makes 29 attributes, the most CPython 3.11 keeps inline: a 30th slows the move
        # path by some 7%, so new state should replace an attribute rather than add one.

    @property
    def games_won(self):
        """Games won by each side in the match (worked out, not kept: see the note on attributes above)."""
        return [sum(1 for result in self.game_results if result["winner"] == side) for side in (0, 1)]

    # Facts -------------------------------------------------------------------

    @classmethod
    def seats_for(cls, players):
        return 4

    @classmethod
    def seat_plan(cls, players, opts):
        controllers = [DUMMY_PLAYER if players == 3 and seat == DUMMY else seat for seat in range(4)]
        return plain_seating(4, 2, controllers)

    def full_pack(self):
        return list(PACK)

    def opening_scores(self):
        return [0, THREE_HANDED_HANDICAP] if self.player_count == 3 else [0, 0]

    def set_phase(self, phase):
        # `awaiting` and `to_move` are kept as attributes: the move path reads them often.
        self.legal_cache = NO_CACHE   # (seat, its legal moves) for the move path: one attribute, set at once
        self.phase = phase
        self.awaiting = AWAITING_IN[phase]
        self.update_turn()

    def update_turn(self):
        if self.phase == PHASE_DOUBLING:
            self.to_move = [(self.dealer + 1 + len(self.calls)) % 4]
        elif self.phase == PHASE_PLAY:
            self.to_move = [self.turn]
        else:
            self.to_move = []

    @property
    def trick_value(self):
        """5 a trick, doubled by a double and again by a redouble: each call but a pass doubles it."""
        calls = [call for _, call in self.calls]
        return BASE_TRICK_VALUE << (len(calls) - calls.count("pass"))

    # The deal ----------------------------------------------------------------

    def start_deal(self, cards):
        self.deck = cards
        self.cachette = cards[:CACHETTE_SIZE]
        self.cachette_taken = False
        # The hands are dealt one card at a time from eldest, after the cachette.
        eldest = (self.dealer + 1) % 4
        joker_at = cards.index(JOKER) - CACHETTE_SIZE
        self.joker_seat = (eldest + joker_at) % 4 if joker_at >= 0 else None
        self.calls = []
        self.deal_quints = []
        self.tricks_won = [0, 0]
        self.start_tricks(self.dealt_hands, eldest)
        self.set_phase(PHASE_DOUBLING)

    @property
    def dealt_hands(self):
        """The deal's hands as they were dealt (worked out, not kept: see the note on attributes above)."""
        if not self.deck:
            return [[], [], [], []]
        return deal_round(self.deck, 4, (self.dealer + 1) % 4, [1] * TRICKS_PER_DEAL, start=CACHETTE_SIZE)[0]

    # Moves -------------------------------------------------------------------

    def parse_move(self, seat, text):
        if text in self.hands[seat] or text in CALLS:
            return text
        if isinstance(text, str) and text.strip().lower() in CALLS:
            return text.strip().lower()
        return parse_card(text)

    def apply_move(self, seat, text):
        """Check a move and make it, and work out the moves of the seat to move next.

        Every card played runs this, so the card's play, the end of its trick and the next seat's
        legal moves are written out here rather than in methods of their own: a call saved on
        every card is a few per cent of a deal (bench/openspiel_compare.py)."""
        # A move from the list just worked out needs no other check. `is`: a seat is one of the small
        # ints CPython keeps once, so a bool or another number equal to it is checked in full.
        cached_seat, cached = self.legal_cache
        if seat is not cached_seat or text not in cached:
            text = self.checked_move(seat, text)
        move = seat, text
        self.deal_moves.append(move)
        if self.phase != PHASE_PLAY:
            self.call(seat, text)
            return text
        hands = self.hands
        hands[seat].remove(text)
        if text == JOKER:
            self.joker_seat = None
        trick = self.trick
        trick.append(move)
        if len(trick) < 4:
            self.turn = seat = (seat + 1) % 4
            self.to_move = [seat]
            led = trick[0][1]
            if led == JOKER or seat == self.joker_seat:   # the Joker's own rules
                self.legal_cache = seat, self.legal_cards(seat)
            else:   # `legal_cards` without the Joker: the suit led if the hand holds it, else any card
                hand = hands[seat]
                self.legal_cache = seat, [*filter(IN_SUIT[led[1]], hand)] or [*hand]
            return text
        cards = tuple(trick)
        (leader, led), (second, card2), (third, card3), (last, card4) = cards
        if led == JOKER and self.opts["joker_lead"] == "opponents_win":
            winner = self.trick_winner(cards)   # only the leader's opponents can win: card_power's rule
        else:   # one order of the 52 cards, unrolled; the Joker's -1 never wins
            winner, best = leader, POWER[led]
            power = POWER[card2]
            if power > best:
                winner, best = second, power
            power = POWER[card3]
            if power > best:
                winner, best = third, power
            if POWER[card4] > best:
                winner = last
        tricks = self.tricks
        tricks.append((self.leader, cards, winner))
        self.trick = []
        self.leader = self.turn = winner
        self.to_move = [winner]   # scoring below may end the deal and clear it
        side = SIDES[winner]
        self.tricks_won[side] += 1
        found = quints_of(QUINT_BIT[led] | QUINT_BIT[card2] | QUINT_BIT[card3] | QUINT_BIT[card4])
        if found and self.score_quints(side, found, len(tricks)):
            return text
        if len(tricks) == TRICKS_PER_DEAL:
            self.take_cachette(side)
        else:
            self.legal_cache = winner, self.legal_cards(winner) if winner == self.joker_seat else [*hands[winner]]
        return text

    # A move known legal is made the same way: its check is a look-up when the list was just asked for.
    play = apply_move

    def legal_moves(self, seat):
        """The legal moves, kept for the move that follows (a cached list: callers must not change it).

        The move path's way: it writes the cache, so readers of a shared state use `read_legal`."""
        cached_seat, cached = self.legal_cache
        if seat is cached_seat:   # the move path works the list out ahead: asking is a look-up
            return cached
        moves = self.read_legal(seat)
        self.legal_cache = seat, moves
        return moves

    def read_legal(self, seat):
        if seat not in self.to_move:
            return []
        if self.phase == PHASE_PLAY:
            return self.legal_cards(seat)
        return self.legal_calls(seat)

    def legal_calls(self, seat):
        doubler = None
        for caller, call in self.calls:
            if call == "redouble":
                return ["pass"]
            if call == "double":
                doubler = caller
        if doubler is None:
            return ["double", "pass"]
        if side_of(doubler) != side_of(seat):
            return ["pass", "redouble"]
        return ["pass"]

    def suit_to_follow(self):
        led = self.trick[0][1]
        if led != JOKER:
            return led[1]
        if self.opts["joker_led_follow"] == "free" or len(self.trick) == 1:
            return None
        return self.trick[1][1][1]

    def legal_cards(self, seat):
        hand = self.hands[seat]
        holds_joker = seat == self.joker_seat
        trick = self.trick
        if not trick:
            if holds_joker and len(hand) > 1 and self.opts["joker_lead"] == "forbidden":
                return [card for card in hand if card != JOKER]
            return list(hand)
        if holds_joker and len(self.tricks) == TRICKS_PER_DEAL - 2 \
                and self.opts["joker_lead"] == "forbidden" and self.compelled(seat):
            return [JOKER]
        led = trick[0][1]
        suit = led[1] if led != JOKER else self.suit_to_follow()
        following = [*filter(IN_SUIT[suit], hand)] if suit else None
        if not following:
            return list(hand)
        if holds_joker:
            following.append(JOKER)
        return following

    def compelled(self, seat):
        """Trick 11: must a follower holding the Joker play it now?"""
        rule = self.opts["joker_trick11_compulsion"]
        if rule == "always":
            return True
        if rule == "if_forced_to_win" and len(self.trick) == 3:
            other = next(card for card in self.hands[seat] if card != JOKER)
            return self.trick_winner(tuple(self.trick) + ((seat, other),)) == seat
        return False

    def explain_illegal(self, seat, move):
        if self.phase == PHASE_DOUBLING:
            if move not in CALLS:
                return IllegalMoveError(f"seat {seat} cannot play {move}: the doubling round is not over", seat)
            called = [call for _, call in self.calls]
            if "redouble" in called:
                reason = "the deal is already redoubled"
            elif move == "double":
                reason = "the deal is already doubled"
            elif "double" not in called:
                reason = "nobody has doubled"
            else:
                reason = "their partner doubled"
            return IllegalMoveError(f"seat {seat} cannot {move}: {reason}", seat)
        if move in CALLS:
            return IllegalMoveError(f"seat {seat} cannot {move}: the doubling round is over", seat)
        if move not in self.hands[seat]:
            return self.explain_card(seat, move)
        if not self.trick:
            return IllegalMoveError(f"seat {seat} cannot play JK: the Joker may not be led", seat)
        if self.legal_cards(seat) == [JOKER]:
            return IllegalMoveError(f"seat {seat} cannot play {move}: at trick 11 the Joker must be played", seat)
        suit = SUIT_NAMES[self.suit_to_follow()]
        return IllegalMoveError(f"seat {seat} cannot play {move}: must follow suit ({suit})", seat)

    def call(self, seat, move):
        """A call of the doubling round, and the next seat's moves worked out (see `apply_move`)."""
        calls = self.calls
        calls.append((seat, move))
        if len(calls) == 4:
            self.set_phase(PHASE_PLAY)
            seat = self.turn
            self.legal_cache = seat, self.legal_cards(seat)
        else:   # `update_turn`'s rule: the calls go round the table
            seat = (seat + 1) % 4
            self.to_move = [seat]
            self.legal_cache = seat, self.legal_calls(seat)

    # Tricks and scoring --------------------------------------------------------

    def card_power(self, card, context):
        """One order of the 52 cards whatever was led; the Joker never wins, and after a Joker
        lead under `opponents_win` only the leader's opponents can."""
        if card == JOKER:
            return None
        if context.led == JOKER and self.opts["joker_lead"] == "opponents_win" \
                and side_of(context.player) == side_of(context.leader):
            return None
        return POWER[card]

    def score_quints(self, side, found, trick_number):
        """Score quints found in a won trick; True if that won the game."""
        ledger = self.ledger   # straight to the ledger: a quint is never worth 0, and most tricks hold one
        for points, cards in found:
            self.deal_quints.append((side, points, cards, trick_number))
            ledger.add(self.deals, side, points, "quint")
        if ledger.totals[side] >= self.opts["target"]:
            self.end_game(side)
            return True
        return False

    def take_cachette(self, side):
        self.cachette_taken = True
        self.tricks_won[side] += 1
        found = quints_in(self.cachette)
        if found and self.score_quints(side, found, TRICKS_PER_DEAL + 1):
            return
        self.score_tricks()

    def score_tricks(self):
        """Enter the deal's trick points, then decide the game or deal again."""
        trick_value = self.trick_value
        for each in (0, 1):
            self.score(each, self.tricks_won[each] * trick_value, "tricks")
        a, b = self.ledger.totals
        target = self.opts["target"]
        if a >= target and (b < target or a > b):
            self.end_game(0)
        elif b >= target and (a < target or b > a):
            self.end_game(1)
        else:
            self.close_deal(self.deal_facts())

    def end_game(self, side):
        self.close_deal(self.deal_facts())
        self.game_results.append({"winner": side, "scores": list(self.scores)})
        needed = RUBBER_GAMES_TO_WIN if self.opts["match"] == "rubber" else 1
        if self.games_won[side] >= needed:
            self.finish([side])
        else:
            self.ledger = Ledger(2, 4, self.opening_scores())

    def deal_facts(self):
        # The deal's lists are kept as they are (the next deal starts new ones); views shape them.
        return {
            "game": len(self.game_results) + 1,
            "calls": self.calls,
            "trick_value": self.trick_value,
            "tricks": self.tricks,
            "cachette": self.cachette if self.cachette_taken else None,
            "quints": self.deal_quints,
            "tricks_won": self.tricks_won,
        }

    # Views -------------------------------------------------------------------

    def match_view(self):
        rubber = self.opts["match"] == "rubber"
        view = {"kind": self.opts["match"], "games_won": list(self.games_won), "games": list(self.game_results)}
        if rubber and self.over:
            if self.opts["rubber_settlement"] == "points":
                totals = [sum(result["scores"][side] for result in self.game_results) for side in (0, 1)]
                totals[self.winner] += RUBBER_BONUS
            else:
                totals = list(self.games_won)
            view["totals"] = totals
            view["settlement"] = totals[self.winner] - totals[1 - self.winner]
        return view

    def visible_seats(self, seat):
        """The hands the person at `seat` may look at now."""
        player = self.controller(seat)
        if self.player_count == 4:
            return [player]
        if player == DUMMY_PLAYER:
            eldest = (self.dealer + 1) % 4
            first_call_pending = self.phase == PHASE_DOUBLING and not self.calls
            if first_call_pending and self.dealer in (1, 3):
                return [eldest]
            return [DUMMY_PLAYER, DUMMY]
        if self.opts["dummy_exposed_after_opening_lead"] and (self.trick or self.tricks):
            return [player, DUMMY]
        return [player]

    def hidden_from(self, seat):
        if self.over:
            return set()  # every hand is revealed once the game is over
        hidden = super().hidden_from(seat)
        return hidden if self.cachette_taken else hidden | set(self.cachette)

    def card_places(self):
        return {**super().card_places(), "cachette": list(self.cachette)}

    def legal_for(self, seat):
        """The moves of the seat to move, if this seat's person moves for it and may see its hand."""
        to_move = self.to_move
        player = self.controller(seat)
        mine = bool(to_move) and self.controller(to_move[0]) == player and to_move[0] in self.visible_seats(seat)
        return sorted(self.read_legal(to_move[0])) if mine else []

    def hand_view(self, seat):
        return sort_cards(self.hands[seat], HAND_ORDER) if seat in self.visible_seats(seat) else []

    def table_cards(self):
        cachette = [[None, card] for card in self.cachette] if self.cachette_taken else []
        return super().table_cards() + cachette

    def history_view(self):
        return [archived_deal_view(deal) for deal in self.history]

    def own_view(self, seat):
        visible = self.visible_seats(seat)
        view = {
            "hands": [sort_cards(self.hands[s], HAND_ORDER) if s in visible else None for s in range(4)],
            "calls": [[s, call] for s, call in self.calls],
            "trick_value": self.trick_value,
            "cachette": list(self.cachette) if self.cachette_taken else None,
            "cachette_size": 0 if self.cachette_taken or not self.deals else CACHETTE_SIZE,
            "tricks_won": list(self.tricks_won),
            "quints": [quint_json(quint) for quint in self.deal_quints],
            "score_entries": self.ledger.view()["entries"],
            "target": self.opts["target"],
            "match": self.match_view(),
        }
        view.update(self.trick_view())
        if self.over:
            view["revealed"] = {"hands": [list(hand) for hand in self.dealt_hands], "cachette": list(self.cachette)}
        return view
