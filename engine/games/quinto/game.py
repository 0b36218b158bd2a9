"""Quinto's game: the series of deals, the deal, and its fast trick play (the move path)."""

from ...cards import JOKER, SUIT_NAMES, parse_card
from ...dealing import deal_round
from ...errors import IllegalMoveError, RecordError
from ...options import Option
from ...protocol import plain_seating
from ...registry import register
from ...scoring import Ledger
from ...series import DealSeries
from ...tricks import TrickGame
from .doubling import Doubling
from .rules import (
    AWAITING_IN, CACHETTE_SIZE, CALLS, DUMMY, DUMMY_PLAYER, IN_SUIT, NEXT_SEAT, NO_CACHE, PACK, PHASE_DEAL,
    PHASE_DOUBLING, PHASE_PLAY, POWER, QUINT_BIT, RUBBER_GAMES_TO_WIN, SIDES, THREE_HANDED_HANDICAP, TO_MOVE,
    TRICKS_PER_DEAL, quints_in, quints_of, side_of,
)
from .views import QuintoViews


@register
class Quinto(QuintoViews, Doubling, DealSeries, TrickGame):
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
               choices=("single_game", "rubber"), values=(("A single game", ""), ("A rubber", ""))),
        Option("rubber_settlement", "points",
               "how a rubber is settled: every point scored plus 100 for the winner, or games only",
               choices=("points", "games_only"), values=(("Points", ""), ("Games only", ""))),
        Option("joker_lead", "forbidden",
               "whether the Joker may be led, and who takes a trick it leads",
               choices=("forbidden", "highest_card", "opponents_win"),
               values=(("Never led", ""), ("Led: the highest card wins", ""), ("Led: the opponents win", ""))),
        Option("joker_trick11_compulsion", "always",
               "with the Joker lead forbidden: when a holder must play it at trick 11",
               choices=("always", "if_forced_to_win", "none"), label="Joker at trick 11",
               values=(("Always", ""), ("Only to win the trick", "when it is the only way to win it"),
                       ("Never", ""))),
        Option("joker_led_follow", "second_card_sets_suit",
               "after a Joker lead: the next card sets the suit to follow, or no suit need be followed",
               choices=("second_card_sets_suit", "free"),
               values=(("The next card sets the suit", ""), ("Play any card", ""))),
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
        # path by some 6% (instructions counted by callgrind), so new state should replace an attribute.

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
            self.to_move = TO_MOVE[self.turn]
        else:
            self.to_move = []


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
            self.turn = seat = NEXT_SEAT[seat]
            self.to_move = TO_MOVE[seat]
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
        self.to_move = TO_MOVE[winner]   # scoring below may end the deal and clear it
        side = SIDES[winner]
        self.tricks_won[side] += 1
        bits = QUINT_BIT[led] | QUINT_BIT[card2] | QUINT_BIT[card3] | QUINT_BIT[card4]
        if bits:   # no quint card in most tricks: nothing to look up
            found = quints_of(bits)
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
            return self.explain_call(seat, move)
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
