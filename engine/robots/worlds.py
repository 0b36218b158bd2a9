"""Guessed full states: the seat's own record replayed with the hidden cards guessed.

A seat's record of the deal in progress is the game's start (its players,
options and this deal's dealer), the deal, and the moves as the seat was told
of them (the view's `moves`). A guessed state replays exactly that record
through the protocol (`start_state`, `apply_deal`, `apply_move`) with a pack
whose hidden cards are guessed, so it knows no rule of any game: the game's
own rules decide where each card of the pack goes and whether each move was
legal, and the guess is bent until they agree with what the seat saw.

A guess starts from where one probe deal of a known pack put each position
(to which hand, or to the table), or, where the game's profile reads it from
a public record (`Layout`: Yukon's draws from the stock), from where each
position went and when. Each replay that a move refutes (a seat
plays a card the guess did not give it, or could not legally play it with
the hand the guess gave it) swaps two positions of the pack and starts
again; so does a final view of the seat that differs from its real view
(its hand, the cards shown anywhere, every key that earlier deals do not
shape: `carried_keys` finds those by experiment). Once one guess fits, the next ones keep every card the seat
knows where it was and deal the unseen cards among the places they lay in,
respecting what the seat knows of the other hands (`Knowledge.excluded`).
"""

from collections import Counter
from functools import cached_property

from ..state import AWAITING_MOVE
from ..view import ENVELOPE
from .knowledge import Knowledge
from .probes import (ELSEWHERE, PATHS_OF_MOVES, WorldError, at_path, card_paths,  # noqa: F401  (WorldError,
                     carried_keys, opening, probe)            # carried_keys: their users import them from here)
from .sampler import SamplingError, sample_hidden

REPAIRS_PER_MOVE = 3      # swaps allowed per move of the record before a guess is given up
REPAIRS_AT_LEAST = 24
PLAY_KEYS = frozenset(PATHS_OF_MOVES) | {"trick", "tricks", "last_trick"}   # where a view shows cards played



def seen_cards(view, pack):
    """The cards of the pack that `view` shows anywhere (the finished deals' history left out)."""
    cards = set(pack)
    seen = set()

    def walk(value):
        if isinstance(value, str):
            if value in cards:
                seen.add(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    for key, value in view.items():
        if key != "history":
            walk(value)
    return seen


class Worlds:
    """Guessed full states of the position a seat's view shows, each consistent with its record."""

    def __init__(self, view, knowledge, rng, layout=None, keep_trail=False):
        self.view = view
        self.knowledge = knowledge
        self.rng = rng
        self.layout = layout                   # what a public record tells of the pack (profile.Layout), or None
        self.seat = view["seat"]
        self.moves = [(mover, move) for mover, move in view["moves"]]
        fresh = opening(view)
        self.pack = fresh.full_pack()
        self.pack_cards = set(self.pack)
        self.hand = Counter(view["hand"])
        self.shown = seen_cards(view, self.pack)
        self.pinned = set(self.shown)          # cards whose place the seat knows
        self.free = [card for card in self.pack if card not in self.pinned]   # cards the seat cannot place
        self.owned = {seat: Counter() for seat in range(len(view["hand_sizes"]))}   # cards the record shows held
        for mover, move in self.moves:
            if move in self.pack_cards:
                self.owned[mover][move] += 1
        self.owned[self.seat].update(view["hand"])
        self.held_later = sum(self.owned.values(), Counter())
        carried = carried_keys(view)
        self.compare = {key: value for key, value in view.items() if key not in carried and key != "hand"}
        self.repairs = REPAIRS_AT_LEAST + REPAIRS_PER_MOVE * len(self.moves)
        self.base = None                       # the first pack that fitted
        self.places = None                     # place (seat or ELSEWHERE) -> positions of unseen cards there
        self.turned = set()                    # positions holding a card the deal turned up, as the view names it
        self.keep_trail = keep_trail           # whether replays note the other seats' card choices (a trick game's)
        self.trail = []                        # the last replay's card choices of the other seats (`replay`)

    @cached_property
    def named(self):
        """The cards the view names outside the play, in order: read only when a guess needs one (rarely)."""
        return sorted({card for path, card in card_paths(self.view, self.pack_cards) if path[0] not in PLAY_KEYS})

    # The guesses ------------------------------------------------------------------

    def guess(self):
        """A full state of the view's position; WorldError when no guess fits."""
        for _ in range(3):
            deck = self.first_deck() if self.base is None else self.next_deck()
            state = self.fit(deck)
            if state is not None:
                return state
        raise WorldError("no guessed deal fits the seat's record")

    def first_deck(self):
        """A pack laid out by the probe: each seat's known cards where its hand is dealt, the rest at random."""
        if self.layout:
            return self.deck_from_layout()
        probe_deck, holders, revealed = probe(self.view)
        deck = [None] * len(probe_deck)
        wanted = {seat: [] for seat in range(len(self.view["hand_sizes"]))}
        for mover, move in self.moves:
            if move in self.pack_cards and mover in wanted:
                wanted[mover].append(move)
        wanted[self.seat].extend(self.hand.elements())
        placed = Counter()
        for path, position in revealed:   # a card the deal turned up, where the view still names it
            card = at_path(self.view, path)
            if card in self.pack_cards and placed[card] < self.pack.count(card):
                deck[position] = card
                placed[card] += 1
                self.turned.add(position)
        for position, holder in enumerate(holders):
            if deck[position] is None and holder is not None:
                while wanted[holder] and placed[wanted[holder][-1]] >= self.pack.count(wanted[holder][-1]):
                    wanted[holder].pop()
                if wanted[holder]:
                    card = wanted[holder].pop()
                    deck[position] = card
                    placed[card] += 1
        rest = list((Counter(self.pack) - placed).elements())
        self.rng.shuffle(rest)
        self.place_unknown(deck, holders, rest)
        return deck

    def deck_from_layout(self):
        """A pack laid out by the record: each card a seat played at the earliest position it had received
        that its failures to follow allow, the hands' other positions given cards that fit every failure
        since they arrived, the stock at random. Without it the guesses of a game that draws from a stock
        lose their repairs to cards played long after they were drawn."""
        arrivals = self.layout.arrivals
        deck = [None] * len(self.pack)
        waiting = sorted(arrivals, key=lambda position: (arrivals[position][1], position))
        holding = {seat: [] for seat in self.owned}
        for index, (mover, move) in enumerate(self.moves + [(None, None)]):
            while waiting and arrivals[waiting[0]][1] <= index:
                position = waiting.pop(0)
                holding[arrivals[position][0]].append(position)
            if move in self.pack_cards and holding.get(mover):
                fitting = [position for position in holding[mover] if self.kept(move, mover, position, index)]
                position = (fitting or holding[mover])[0]
                holding[mover].remove(position)
                deck[position] = move
        rest = list((Counter(self.pack) - Counter(card for card in deck if card) - self.hand).elements())
        self.rng.shuffle(rest)
        own = list(self.hand.elements())
        for seat, positions in holding.items():
            cards = own if seat == self.seat else rest
            for position in positions:
                if cards:
                    pick = next((i for i, card in enumerate(cards)
                                 if self.kept(card, seat, position, len(self.moves))), 0)
                    deck[position] = cards.pop(pick)
        rest.extend(own)
        self.place_unknown(deck, [None] * len(deck), rest)
        return deck

    def kept(self, card, seat, position, until):
        """Whether `seat` may have held `card` from when `position` reached it until move `until`."""
        since = self.layout.arrivals[position][1]
        return not any(failed == seat and since <= at < until and card in barred
                       for at, failed, barred in self.layout.failures)

    def place_unknown(self, deck, holders, rest):
        """Fill the empty positions with `rest`, giving no seat a card it is known not to hold where possible."""
        excluded = self.knowledge.excluded if self.knowledge else {}
        for position, card in enumerate(deck):
            if card is None:
                barred = excluded.get(holders[position], ())
                pick = next((i for i, other in enumerate(rest) if other not in barred), 0)
                deck[position] = rest.pop(pick)

    def next_deck(self):
        """The fitted pack with its unseen cards dealt afresh among the places they lay in."""
        deck = list(self.base)
        cards = [deck[position] for positions in self.places.values() for position in positions]
        excluded = {}
        if self.knowledge:
            excluded = {place: barred for place, barred in self.knowledge.excluded.items() if place in self.places}
        knowledge = Knowledge(self.seat, {}, {place: len(positions) for place, positions in self.places.items()},
                              cards, excluded)
        try:
            dealt = sample_hidden(knowledge, self.rng)
        except SamplingError:
            self.rng.shuffle(cards)
            dealt = {}
            for place, positions in self.places.items():
                dealt[place], cards = cards[:len(positions)], cards[len(positions):]
        for place, positions in self.places.items():
            for position, card in zip(positions, dealt[place]):
                deck[position] = card
        return deck

    # Fitting a guess to the record ----------------------------------------------------

    def fit(self, deck):
        """Replay the record with `deck`, swapping positions until it fits: the state, or None."""
        for attempt in range(self.repairs):
            state, problem = self.replay(deck)
            if problem is None or (attempt >= self.repairs // 2 and self.only_own_section(problem)):
                if self.base is None:
                    self.learn(deck, state)
                return state
            if not self.repair(deck, state, problem):
                return None
        return None

    def only_own_section(self, problem):
        """Whether a refuting view differs from the real one only in the game's own section: a fact
        that earlier deals may shape too (a rule on the score before the deal), so in the end it is let go."""
        return problem[0] == "view" and all(
            problem[1].get(key) == value for key, value in self.compare.items() if key in ENVELOPE)

    def replay(self, deck):
        """The state after the record with `deck`, and what refuted it (None when it fits)."""
        state = opening(self.view)
        state.apply_deal(list(deck))
        played = Counter()
        self.trail = []
        for index, (mover, move) in enumerate(self.moves):
            if state.awaiting != AWAITING_MOVE or mover not in state.to_move:
                return state, ("lost", index)
            legal = state.legal_moves(mover)
            if move is None:
                move = self.hidden_move(legal)
                if move is None:
                    return state, ("hidden", mover, played)
            elif move not in legal:
                return state, ("illegal", mover, move, list(legal), played)
            if self.keep_trail and mover != self.seat and move in self.pack_cards and len(legal) > 1:
                sizes = [len(hand) for hand in state.hands]
                self.trail.append((index, mover, legal, tuple(state.hands[mover]), sizes))
            state.apply_move(mover, move)
            if move in self.pack_cards:
                played[move] += 1
        view = state.view(self.seat)
        if Counter(view["hand"]) != self.hand:
            return state, ("view", view)
        shown = seen_cards(view, self.pack)   # before the other keys: a card shown in the wrong place has a
        if shown != self.shown:               # repair of its own (All Fours' second turn-up after running the cards)
            return state, ("shown", shown)
        if any(view.get(key) != value for key, value in self.compare.items()):
            return state, ("view", view)
        return state, None

    def hidden_move(self, legal):
        """A move the seat was not shown: any legal one but a card it sees played later or in its hand (None if none is)."""
        unknown = [move for move in legal if move not in self.pinned or not self.held_later[move]]
        return self.rng.choice(unknown) if unknown else None

    def repair(self, deck, state, problem):
        """Swap two positions of `deck` so that the refuting move or view may come out right; False if none helps."""
        if problem[0] == "illegal":
            _, mover, move, legal, played = problem
            hand = state.view(mover)["hand"]
            if move in self.pack_cards and move not in hand:
                return self.swap(deck, move, self.spare(mover, hand), played)
            if move not in self.pack_cards:   # a word its hand did not allow: give it a card it is seen to hold,
                # first one the view names outside the play (Harjan's 2 of trumps, exchanged for the turn-up);
                # never one the deal turned up (the turn-up, which the exchange being refuted took)
                turned = {deck[position] for position in self.turned}
                wanting = [card for card in self.named if card not in hand and not played[card] and card not in turned]
                wanting = wanting or [card for card in self.owned[mover] - Counter(hand)
                                      if not played[card] and card not in turned]
                if wanting:
                    return self.swap(deck, self.rng.choice(wanting), self.spare(mover, hand), played)
            held = set(hand)
            blocking = self.spare(mover, [card for card in legal if card in held])
            others = [card for card in self.free if card not in held and not played[card]]
            return bool(others) and self.swap(deck, blocking, self.rng.choice(others), played)
        if problem[0] == "hidden":   # the seat made a move unseen, so it held a card the record does not place
            _, mover, played = problem
            hand = state.view(mover)["hand"]
            held = set(hand)
            others = [card for card in self.free if card not in held and not played[card]]
            return bool(hand and others) and self.swap(deck, self.rng.choice(hand), self.rng.choice(others), played)
        if problem[0] == "shown":
            missing = sorted(self.shown - problem[1])
            extra = sorted(problem[1] - self.shown) or self.free
            return bool(missing and extra) and self.swap(deck, self.rng.choice(missing), self.rng.choice(extra),
                                                         Counter())
        if problem[0] == "view":
            real, guessed = Counter(self.view["hand"]), Counter(problem[1]["hand"])
            missing, extra = list((real - guessed).elements()), list((guessed - real).elements())
            if missing and extra:
                return self.swap(deck, self.rng.choice(missing), self.rng.choice(extra), Counter())
        # The game took another course (another seat to move, a phase skipped): try other unseen cards.
        return len(self.free) > 1 and self.swap(deck, *self.rng.sample(self.free, 2), Counter())

    def spare(self, mover, cards):
        """One of `cards` (held by `mover`) that the record does not show it holding: an unseen one if any."""
        spare = list((Counter(cards) - self.owned[mover]).elements())
        unseen = [card for card in spare if card not in self.pinned]
        choices = unseen or spare or list(cards)   # a seat may have held more than it keeps (a discard)
        return self.rng.choice(choices) if choices else None

    def swap(self, deck, one, other, played):
        """Exchange a copy of `one` and of `other` in `deck`, neither of them already played."""
        if one is None or other is None or played[one] or played[other] or one == other:
            return False
        first = self.rng.choice([i for i, card in enumerate(deck) if card == one])
        second = self.rng.choice([i for i, card in enumerate(deck) if card == other])
        deck[first], deck[second] = other, one
        return True

    def learn(self, deck, state):
        """Keep the fitted pack, and where each of its unseen cards lies now, for the guesses that follow."""
        self.base = list(deck)
        holder = {}
        for seat in range(state.seat_count):
            if seat != self.seat:
                for card in state.view(seat)["hand"]:
                    holder.setdefault(card, []).append(seat)
        self.places = {}
        for position, card in enumerate(deck):
            if card in self.pinned:
                continue
            place = holder[card].pop() if holder.get(card) else ELSEWHERE
            self.places.setdefault(place, []).append(position)
