"""Noddy (Knave Noddy), as `rules/noddy.md` specifies: the ancestor of Cribbage.

Two players, or four in two partnerships (partners sit opposite), 52 cards.
Each player gets three cards; the next card is turned up and belongs to
every hand for counting; the Jack of its suit is Knave Noddy. A turned-up
Jack gives the dealer 2 at once. Then every hand is counted, eldest first
and the dealer last (its three cards and the up card): fifteens and
twenty-fives 2 each, every pair 2 (so a pair royal 6, a double pair royal
12), each maximal run of three 2 and of four 4 (duplicates make several
runs), the largest flush of three or four (3 or 4), and Knave Noddy held 1.
The engine counts and publishes each hand's points; a hand's combinations
(and its cards) are shown to everyone once the deal is over.

Then the play: eldest first, each in turn lays a card on one pile and the
running count may not pass 31. The player who lays a card scores what the
pile's top now makes: 15, 25 (2 each) and 31 (2, and the play ends); the
last 2, 3 or 4 cards of one rank (2, 6, 12); the longest run of three or
more among the last cards in any order (2, 4, then 1 a card); the longest
flush of three or more at the top (3, 4, then 1 a card). A player who
cannot lay a card without passing 31 says go (the engine says it for him:
he has no choice); the others play on while they can (option `after_go`),
and the last to lay a card scores 1 (never with the 2 for 31). There is
one series only: cards left in hand are dead.

A side wins the moment it reaches the target (option `target`, 31 by
default), even in the middle of the count or the play. The deal passes to
the left.

Moves are cards only. Dealing a recorded pack: one card at a time from the
dealer's left, three rounds; the next card is the up card, the rest is not
used and never seen.
"""

from itertools import combinations

from ..cards import display, pack, sort_cards
from ..dealing import deal_round
from ..errors import IllegalMoveError
from ..options import Option
from ..protocol import KIND_OTHER, POINTS
from ..registry import register
from ..series import PhasedDeal

HAND_SIZE = 3
LIMIT = 31
PHASE_PLAY = "play"
PLAY_ON, END_PLAY = "play_on", "end_play"
SEQUENCE_ORDER = "A23456789TJQK"   # Ace low, King high: A-2-3 is a run, Q-K-A is not
TURNED_KNAVE = 2

# How a combination is said, with the running count `{n}` (in words) after it.
PHRASES = {
    "fifteen": "fifteen {n}",
    "twenty_five": "twenty-five {n}",
    "thirty_one": "thirty-one for {n}",
    "pair": "a pair is {n}",
    "pair_royal": "a pair royal is {n}",
    "double_pair_royal": "a double pair royal is {n}",
    "run": "a run of {size} is {n}",
    "flush": "a flush of {size} is {n}",
    "knave_noddy": "knave noddy is {n}",
    "turned_knave": "two for turning up a knave",
    "go": "one for the go",
    "last_card": "one for the last card",
}
SAME_RANK = {2: "pair", 3: "pair_royal", 4: "double_pair_royal"}
SAME_RANK_POINTS = {2: 2, 3: 6, 4: 12}
ONES = ("nothing one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen").split()
TENS = {2: "twenty", 3: "thirty", 4: "forty", 5: "fifty", 6: "sixty", 7: "seventy", 8: "eighty", 9: "ninety"}
SIZES = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


# Pure rules -------------------------------------------------------------------


def card_value(card):
    """A card's count toward 15, 25 and 31: Ace 1, numerals their pips, courts 10."""
    rank = card[0]
    if rank == "A":
        return 1
    if rank in "TJQK":
        return 10
    return int(rank)


def number_words(number):
    """`twenty-three` for 23 (up to 99)."""
    if number < 20:
        return ONES[number]
    tens, ones = divmod(number, 10)
    return TENS[tens] + (f"-{ONES[ones]}" if ones else "")


def combination(kind, cards, points):
    return {"kind": kind, "cards": list(cards), "points": points}


def run_points(size):
    """A run's worth: three cards 2, four 4, then a point a card."""
    return {3: 2, 4: 4}.get(size, size)


def flush_points(size):
    """A flush's worth: three cards 3, four 4, then a point a card."""
    return size


def hand_combinations(hand, up_card):
    """Every combination a hand of three and the up card count, in the order people say them."""
    cards = list(hand) + [up_card]
    found = []
    for target, kind in ((15, "fifteen"), (25, "twenty_five")):
        for size in range(2, len(cards) + 1):
            for subset in combinations(cards, size):
                if sum(card_value(card) for card in subset) == target:
                    found.append(combination(kind, subset, 2))
    by_rank = {}
    for card in cards:
        by_rank.setdefault(card[0], []).append(card)
    for rank in SEQUENCE_ORDER:   # a pair royal said as one, worth its three pairs
        same = by_rank.get(rank, [])
        if len(same) >= 2:
            found.append(combination(SAME_RANK[len(same)], same, SAME_RANK_POINTS[len(same)]))
    found.extend(hand_runs(by_rank))
    for suit in "SCDH":
        same_suit = [card for card in cards if card[1] == suit]
        if len(same_suit) >= 3:
            found.append(combination("flush", same_suit, flush_points(len(same_suit))))
    knave = "J" + up_card[1]
    if knave in hand:
        found.append(combination("knave_noddy", [knave], 1))
    return found


def hand_runs(by_rank):
    """The maximal runs of three or more ranks, once for each way of taking one card of every rank."""
    runs, stretch = [], []
    for rank in SEQUENCE_ORDER + " ":
        if rank in by_rank:
            stretch.append(rank)
            continue
        if len(stretch) >= 3:
            ways = [[]]
            for in_run in stretch:
                ways = [way + [card] for way in ways for card in by_rank[in_run]]
            runs.extend(combination("run", way, run_points(len(way))) for way in ways)
        stretch = []
    return runs


def pile_combinations(pile, noddy_scores=False, knave=None):
    """What the top of the play pile scores for the player who just laid its last card."""
    found = []
    count = sum(card_value(card) for card in pile)
    if count in (15, 25, 31):
        found.append(combination({15: "fifteen", 25: "twenty_five", 31: "thirty_one"}[count], pile, 2))
    top = pile[-1]
    same = 1
    while same < len(pile) and pile[-1 - same][0] == top[0] and same < 4:
        same += 1
    if same >= 2:
        found.append(combination(SAME_RANK[same], pile[-same:], SAME_RANK_POINTS[same]))
    for size in range(len(pile), 2, -1):   # the longest run among the last cards, in any order
        positions = sorted(SEQUENCE_ORDER.index(card[0]) for card in pile[-size:])
        if positions == list(range(positions[0], positions[0] + size)):
            found.append(combination("run", pile[-size:], run_points(size)))
            break
    flush = 1
    while flush < len(pile) and pile[-1 - flush][1] == top[1]:
        flush += 1
    if flush >= 3:
        found.append(combination("flush", pile[-flush:], flush_points(flush)))
    if noddy_scores and top == knave:
        found.append(combination("knave_noddy", [top], 1))
    return found


def say(combos, start=0):
    """The combinations in the words players use: `fifteen two, fifteen four, and a pair is six`.

    `start` is the points already said before them (none in a fresh count).
    """
    if not combos:
        return "nothing"
    phrases, running = [], start
    for combo in combos:
        running += combo["points"]
        phrases.append(PHRASES[combo["kind"]].format(n=number_words(running), size=SIZES.get(len(combo["cards"]))))
    if len(phrases) > 1:
        phrases[-1] = "and " + phrases[-1]
    return ", ".join(phrases)


# The game ---------------------------------------------------------------------


@register
class Noddy(PhasedDeal):
    name = "noddy"
    title = "Noddy"
    blurb = "Cribbage's ancestor: count fifteens, pairs, runs and flushes, then peg to 31 with Knave Noddy."
    length = "until a side reaches 31 (or another target), usually four to eight deals"
    players = (2, 4)
    kind = KIND_OTHER
    score_meaning = POINTS
    options = (
        Option("target", 31, "the score that wins the game at once: 31 (the seed), or 15, 21 (Wikipedia) or 61 "
               "(Randle Holme)", choices=(31, 15, 21, 61), label="Game"),
        Option("after_go", PLAY_ON, "what happens when a player cannot lay a card", choices=(PLAY_ON, END_PLAY),
               label="After a go",
               values=(("Play on", "the others play on while they can (as in Cribbage)"),
                       ("The play stops", "the play stops at the first go, and the last to lay scores 1"))),
        Option("noddy_in_play", False, "whether laying Knave Noddy in the play scores 1, as well as in the hand "
               "count", choices=(False, True), label="Knave Noddy scores in the play"),
    )
    move_hints = {}   # every move is a card; a go is said by the engine for a player who cannot lay one
    turn_mail_keys = ("up_card", "knave_noddy_suit", "play_count", "pile", "lays", "hand_count")

    def __init__(self, players, options, dealer):
        super().__init__(players, options, dealer)
        self.hands = [[] for _ in range(self.seat_count)]
        self.dealt = [[] for _ in range(self.seat_count)]
        self.up_card = None
        self.stock = []
        self.pile = []            # [seat, card] laid this deal, in order
        self.events = []          # what the play scored, as it happened
        self.counts = []          # each hand's count, in counting order
        self.turn = None
        self.last_layer = None
        self.count = 0            # the running count of the pile

    @classmethod
    def partnership_count(cls, players, opts):
        return 2 if players == 4 else None

    def full_pack(self):
        return pack()

    @property
    def knave(self):
        return "J" + self.up_card[1] if self.up_card else None

    # Scoring ------------------------------------------------------------------

    def award(self, seat, points, reason):
        """Score `points` to the seat's side; True when that wins the game."""
        side = self.side_of(seat)
        self.score(side, points, reason)
        if self.ledger.totals[side] >= self.opts["target"]:
            self.end_deal(winner=side)
            return True
        return False

    # The deal -----------------------------------------------------------------

    def start_deal(self, cards):
        self.hands, used = deal_round(cards, self.seat_count, self.eldest, [1] * HAND_SIZE)
        self.dealt = [list(hand) for hand in self.hands]
        self.up_card = cards[used]
        self.stock = list(cards[used + 1:])
        self.pile, self.events, self.counts = [], [], []
        self.last_layer = None
        self.count = 0
        self.set_phase(PHASE_PLAY)
        if self.up_card[0] == "J":
            turned = [combination("turned_knave", [self.up_card], TURNED_KNAVE)]
            self.counts.append({"seat": self.dealer, "points": TURNED_KNAVE, "combos": turned, "words": say(turned),
                                "turned": True})
            if self.award(self.dealer, TURNED_KNAVE, "turned up a knave"):
                return
        for seat in self.order:
            combos = hand_combinations(self.hands[seat], self.up_card)
            points = sum(combo["points"] for combo in combos)
            self.counts.append({"seat": seat, "points": points, "combos": combos, "words": say(combos),
                                "turned": False})
            if points and self.award(seat, points, "the hand's count"):
                return
        self.turn = self.eldest

    def can_lay(self, seat):
        room = LIMIT - self.count
        return any(card_value(card) <= room for card in self.hands[seat])

    def phase_to_move(self):
        return [self.turn]

    def phase_moves(self, seat):
        room = LIMIT - self.count
        return [card for card in self.hands[seat] if card_value(card) <= room]

    def explain_illegal(self, seat, move):
        if move not in self.hands[seat]:
            return IllegalMoveError(f"seat {seat} does not hold {move}", seat)
        return IllegalMoveError(f"seat {seat} cannot lay {move}: the count is {self.count} and may not pass 31", seat)

    def lay_outcome(self, card):
        """What laying `card` now makes, from the pile alone: the count after it, and what the top then scores
        (not the go, which hangs on the hands nobody may see)."""
        combos = pile_combinations([laid for _, laid in self.pile] + [card], self.opts["noddy_in_play"], self.knave)
        return {"card": card, "count": self.count + card_value(card),
                "points": sum(combo["points"] for combo in combos), "words": say(combos) if combos else ""}

    def action_words(self, seat, move):
        """`Lay 7♣ (count 15): fifteen two`: the count the card makes, and what it scores if anything."""
        lay = self.lay_outcome(move)
        return f"Lay {display(move)} (count {lay['count']})" + (f": {lay['words']}" if lay["points"] else "")

    def play_phase_move(self, seat, card):
        event = {"seat": seat, **self.lay_outcome(card)}
        self.hands[seat].remove(card)
        self.pile.append([seat, card])
        self.count = event["count"]
        self.last_layer = seat
        points = event["points"]
        self.events.append(event)
        if points and self.award(seat, points, "the play"):
            return
        if self.count == LIMIT:
            self.end_deal()
            return
        following = [(seat + step) % self.seat_count for step in range(1, self.seat_count + 1)]
        if self.opts["after_go"] == END_PLAY and not self.can_lay(following[0]):
            following = []
        self.turn = next((other for other in following if self.can_lay(other)), None)
        if self.turn is None:
            self.last_card(seat)

    def last_card(self, seat):
        """Nobody can lay another card: the last to lay scores 1, for the go or for the last card."""
        kind = "last_card" if not any(self.hands) else "go"
        self.events.append({"seat": seat, "card": None, "count": self.count, "points": 1, "words": PHRASES[kind]})
        if not self.award(seat, 1, kind.replace("_", " ")):
            self.end_deal()

    def end_deal(self, winner=None):
        self.turn = None
        facts = {"up_card": self.up_card, "hands": [list(hand) for hand in self.dealt],
                 "counts": [dict(count) for count in self.counts], "pile": [list(laid) for laid in self.pile],
                 "plays": [dict(event) for event in self.events], "dead": [list(hand) for hand in self.hands]}
        self.close_deal(facts, [winner] if winner is not None else None)

    # What each seat may see ---------------------------------------------------

    def hidden_from(self, seat):
        """The unused cards always; while the deal is played, the other hands (a partner's too)."""
        hidden = set(self.stock)
        if self.phase == PHASE_PLAY:
            for other, hand in enumerate(self.hands):
                if other != seat:
                    hidden.update(hand)
        return hidden

    def card_places(self):
        return {"hands": [card for hand in self.hands for card in hand], "up_card": [self.up_card] if self.up_card else [],
                "pile": [card for _, card in self.pile], "unused": list(self.stock)}

    def hand_view(self, seat):
        return sort_cards(self.hands[seat]) if self.phase == PHASE_PLAY else []

    def table_cards(self):
        """The cards laid, each before its player; the up card lies apart (the game's own view shows it)."""
        if self.phase != PHASE_PLAY:
            return []
        return [list(laid) for laid in self.pile]

    def own_view(self, seat):
        playing = self.phase == PHASE_PLAY
        counts = []
        if playing:   # another hand's combinations, or its own share of a side's points, would tell its cards
            counts = [dict(count) if count["seat"] == seat or count["turned"]
                      else {"seat": count["seat"], "points": None, "turned": False} for count in self.counts]
        return {
            "target": self.opts["target"],
            "up_card": self.up_card if playing else None,
            "knave_noddy_suit": self.up_card[1] if playing else None,   # its suit: the card itself may be hidden
            "play_count": self.count if playing else None,   # the running count of the play, not a hand's
            "pile": [list(laid) for laid in self.pile] if playing else [],
            "lays": [self.lay_outcome(card) for card in self.phase_moves(seat)] if playing and seat == self.turn else [],
            "unused": len(self.stock) if playing else 0,
            "plays": [dict(event) for event in self.events] if playing else [],
            "counts": counts,
            "hand_count": next((count for count in counts if count["seat"] == seat and not count["turned"]), None),
        }
