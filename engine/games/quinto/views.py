"""What each seat of a Quinto game may see: its hands, the deal's calls and quints, the match."""

from ...cards import sort_cards
from ...tricks import trick_json
from .rules import CACHETTE_SIZE, DUMMY, DUMMY_PLAYER, HAND_ORDER, PHASE_DOUBLING, RUBBER_BONUS


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


class QuintoViews:
    """The views' part of `Quinto`."""

    turn_mail_keys = ("calls",)   # the turn mail says why a seat may only pass

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
