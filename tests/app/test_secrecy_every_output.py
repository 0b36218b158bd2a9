"""No output of the service names a card its reader may not know, in any registered game.

Every game of the registry is played at random through the service, with a
few option sets drawn from the choices it declares (see `option_cases`):
every seat is a person, moves go through the API, a robot moves for a person
whose time ran out, and the deadline sweep, a vacation, a digest and a
my-games request make the other mails. What each seat may know comes from
the log alone (`Knowledge`): the engine replays it event by event and says
which cards of the deal are out of that seat's sight (`hidden_from`, which
the engine's own tests hold to its views); a card the seat has seen before
may be named to it.

Checked for every seat at sampled positions: its API view, its table page,
its settings page, two illegal moves' error answers, the public summary, the
watch page and the watch API (no card any seat has not seen), and the
replay (refused until the game is over); after each move, the mover's
answer; as it is queued, every mail: its text, its HTML, and the context its
outbox row keeps. A game added to the registry is checked without editing
this file.
"""

import json
import random
from datetime import timedelta

import pytest
from sqlalchemy import select

from app.context import database
from app.store.models import MAIL_HELD, Game, Outbox
from app.play import deadlines, games, moves, mygames, seat_settings
from app.mail_out import digests
from app.clock import utcnow
from app.store.record import load_events
from engine import all_games, apply_event, start_state
from engine.cards import display
from engine.errors import EngineError
from app.mail_out import outbox

from conftest import html_of, text_of
from app_helpers import SECRET, cards_named, people, token_for

MOVES_TO_THE_END = 1500      # a bound, never reached: each game's first start is played to its end on SQLite,
SAMPLE_MOVES = 40            # the others for this many moves: their options mostly change the first deal's opening
OPENING_CHECKS = 4           # pages are checked after each of the first moves of the first two deals,
PAGE_CHANCE = 0.03           # and after this share of the other moves
SEED = 13



def option_cases():
    """(game, players, options, case number) starts covering every player count and declared choice of every game.

    Start i of a game takes its i-th player count and, for each option with
    choices, the i-th choice after its default (cycling); a value the game
    refuses with the others is left at its default.
    """
    cases = []
    for name, game in all_games().items():
        count = max([len(game.players)] + [len(option.choices) for option in game.options])
        for number in range(count):
            players = game.players[number % len(game.players)]
            options = {}
            for option in game.options:
                if not option.choices:
                    continue
                default = option.default_for(players)
                value = option.choices[(option.choices.index(default) + number) % len(option.choices)]
                if value != default and accepted(name, players, {**options, option.name: value}):
                    options[option.name] = value
            cases.append((name, players, options, number))
    return cases


def with_databases(cases):
    """Each start on SQLite; the first of each game on PostgreSQL too."""
    params = []
    for name, players, options, number in cases:
        params.append(pytest.param(name, players, options, number, "sqlite", id=f"{name}-{number}-sqlite"))
        if number == 0:
            params.append(pytest.param(name, players, options, number, "postgres", id=f"{name}-{number}-postgres",
                                       marks=pytest.mark.postgres))
    return params


def accepted(name, players, options):
    try:
        start_state({"type": "start", "game": name, "seats": players, "options": options})
    except EngineError:
        return False
    return True


class Knowledge:
    """What each seat may know at each position of the log, folded from the log by the engine.

    A card is out of a seat's sight when the engine's `hidden_from` says so;
    a seat has seen every card of a deal that was in its sight at some
    position. Pages may name any card the seat has ever seen (their history
    shows earlier deals); a mail only cards seen in the deal in play or in
    the deal of the move that caused it.
    """

    def __init__(self, seats):
        self.seats = seats
        self.state = None
        self.events = []
        self.seen = {seat: set() for seat in seats}
        self.seen_in_deal = {seat: set() for seat in seats}
        self.never_seen = []          # by position: {seat: cards out of its sight it has never seen}
        self.unseen_in_deal = []      # by position: {seat: cards out of its sight, unseen in this deal}

    def follow(self, game_id):
        """Fold the events recorded since the last call."""
        with database().reading() as session:
            fresh = load_events(session, game_id, after=len(self.events) - 1)
        for event in fresh:
            self.add(event)
        return self.state

    def add(self, event):
        if self.state is None:
            self.state = start_state(event)
        else:
            apply_event(self.state, event)
        if event["type"] == "deal":
            self.seen_in_deal = {seat: set() for seat in self.seats}
        located = {card for cards in self.state.card_places().values() for card in cards} if self.state.deals else set()
        never, unseen = {}, {}
        for seat in self.seats:
            hidden = self.state.hidden_from(seat)
            self.seen[seat] |= located - hidden
            self.seen_in_deal[seat] |= located - hidden
            never[seat] = frozenset(hidden - self.seen[seat])
            unseen[seat] = frozenset(hidden - self.seen_in_deal[seat])
        self.events.append(event)
        self.never_seen.append(never)
        self.unseen_in_deal.append(unseen)

    @property
    def position(self):
        return len(self.events) - 1

    def a_move_ended_a_deal_and_play_went_on(self):
        """What a deal-end mail follows: a move that ended a deal, the game not over after the deals it made
        due (a deal won on the deal itself, a vying game's natural 31, follows no move)."""
        for number, event in enumerate(self.events[:-1]):
            if event["type"] == "move" and self.events[number + 1]["type"] == "deal":
                if any(later["type"] == "move" for later in self.events[number + 1:]) or not self.state.over:
                    return True
        return False

    def moves_in_deal(self):
        """How many moves the deal in play has seen."""
        since = next(number for number in range(self.position, -1, -1) if self.events[number]["type"] == "deal")
        return sum(event["type"] == "move" for event in self.events[since:])

    def referenced(self):
        """The cards every seat's view names now: facts of the deal (its counting cards, a Bower), not places.

        Where such a card lies is the engine's to keep: its own tests check
        that no view depends on the place of a card hidden from its seat.
        """
        views = (cards_named(json.dumps(self.state.view(seat))) for seat in range(self.state.seat_count))
        return frozenset.intersection(*map(frozenset, views))

    def unknown_to_all(self, position):
        return frozenset().union(*self.never_seen[position].values())

    def not_for_mail(self, mail):
        """The cards `mail` may not name: unseen in the deal at its position and at its cause, the last move."""
        cause = max(number for number in range(mail.seq + 1)
                    if self.events[number]["type"] in ("move", "start"))
        if mail.seat is None:
            return self.unknown_to_all(mail.seq)
        return self.unseen_in_deal[mail.seq][mail.seat] & self.unseen_in_deal[cause][mail.seat]


class Play:
    """One game played at random through the service, every output checked as it goes."""

    def __init__(self, client, name, players, options, number):
        self.client = client
        self.rng = random.Random(f"{SEED}:{name}:{number}")
        self.seats = people(players)
        created = client.post("/api/games", json={"game": name, "seats": self.seats, "options": options,
                                                  "timeout_policy": "pause" if number % 2 else "robot"})
        assert created.status_code == 201
        self.game_id = created.get_json()["id"]
        self.mail_id = self.pages_checked = self.cards_seen = 0
        self.knowledge = Knowledge(start_state({"type": "start", "game": name, "seats": players,
                                                "options": options}).player_seats())
        self.follow()
        confirm = next(mail for mail in self.new_mails if mail.kind == "confirm")
        games.confirm_address(confirm.context["confirm_url"].rsplit("/", 1)[1])
        self.tokens = {seat: token_for(self.game_id, seat) for seat in self.knowledge.seats}
        opened = client.post(f"/api/seats/{self.tokens[min(self.tokens)]}/watch-links", json={})
        assert opened.status_code == 201
        self.watch = opened.get_json()["url"].rsplit("/", 1)[1]
        self.leaver = self.seen_when_left = None
        self.follow()

    # Driving the game ----------------------------------------------------------

    def game(self):
        with database().reading() as session:
            return session.get(Game, self.game_id)

    def follow(self):
        """Catch up with the log, then check every mail queued meanwhile."""
        self.state = self.knowledge.follow(self.game_id)
        self.check_mails()
        return self.state

    def move(self):
        """A random legal move by the seat to move, through the API: its answer shows the mover's view."""
        seat = self.state.to_move[0]
        player = self.state.controller(seat)
        if player == self.leaver:      # a robot plays the seat its person left
            moves.play_robot_turns(self.game_id)
            self.follow()
            return
        move = self.rng.choice(sorted(self.state.legal_moves(seat)))
        answer = self.client.post(f"/api/seats/{self.tokens[player]}/moves",
                                  json={"move": move, "seq": self.game().seq})
        assert answer.status_code == 201, answer.get_json()
        self.follow()
        forbidden = self.knowledge.never_seen[self.knowledge.position][player]
        self.assert_names_none(answer.get_data(as_text=True), forbidden, f"move answer to seat {player}", views=True)

    def deadline_passes(self):
        """The move's time runs out: under the robot policy a robot plays it, else the game pauses."""
        game = self.game()
        deadlines.remind(self.game_id, game.remind_at + timedelta(seconds=1))
        assert deadlines.enforce_deadline(self.game_id, game.due_at + timedelta(seconds=1)) in ("robot", "pause")
        moves.play_robot_turns(self.game_id)
        self.follow()

    def hand_over(self):
        """A middle seat's person hands it to a robot: from then on their link reads as a watcher does."""
        self.leaver = sorted(self.tokens)[1]
        assert self.client.post(f"/api/seats/{self.tokens[self.leaver]}/hand-over", json={}).status_code == 201
        moves.play_robot_turns(self.game_id)
        self.follow()
        self.seen_when_left = frozenset(self.knowledge.seen[self.leaver])

    def vacation(self):
        seat = self.rng.choice(sorted(self.tokens))
        seat_settings.take_vacation(self.tokens[seat], 1)
        self.follow()

    def ask_for_digests(self):
        """The last seat takes a daily digest instead of a mail each turn."""
        seat = max(self.tokens)
        seat_settings.change_mail_settings(self.tokens[seat], "digest", False)
        return seat

    def send_digest(self, seat):
        held = [mail.id for mail in self.mails() if mail.seat == seat and mail.kind in outbox.DIGESTIBLE]
        outbox.deliver_batch(held)
        # A short game (a Bone-Ace deal won on the deal) may never have mailed the seat anything to gather.
        gathered = any(mail.status == MAIL_HELD for mail in self.mails() if mail.seat == seat)
        assert digests.queue_digest(self.game_id, seat) == int(gathered)
        self.follow()
        return gathered

    def ask_for_my_games(self):
        mygames.mail_my_games(self.seats[0]["email"], utcnow())   # the worker's part of a request
        self.follow()
        link = next(mail for mail in self.new_mails if mail.kind == "my_games").context["link"]
        page = self.client.get(link.removeprefix("http://localhost"))
        assert page.status_code == 200
        self.assert_names_none(page.get_data(as_text=True), self.knowledge.unknown_to_all(self.knowledge.position),
                               "my games page")

    # Checking ------------------------------------------------------------------

    def mails(self, after=0):
        with database().reading() as session:
            return list(session.execute(select(Outbox).where(Outbox.id > after).order_by(Outbox.id)).scalars())

    def check_mails(self):
        """Every mail queued since the last look names only cards its recipient's seat may know."""
        self.new_mails = self.mails(after=self.mail_id)
        for mail in self.new_mails:
            forbidden = self.knowledge.not_for_mail(mail) if mail.game_id else frozenset()
            context = json.dumps(mail.context, ensure_ascii=False)
            for body, part in ((text_of(mail), "text"), (html_of(mail), "HTML"), (context, "context")):
                self.assert_names_none(body, forbidden, f"{mail.kind} mail ({part}) to seat {mail.seat}")
            self.mail_id = mail.id

    def assert_names_none(self, text, forbidden, where, views=False):
        """`text` names none of `forbidden`; with `views`, but for the cards every seat's view names."""
        # A random id may hold a card's two letters; take the secrets out first, since a reply address holds the id.
        named = cards_named(SECRET.sub(" ", text).replace(self.game_id, " "))
        leaked = named & forbidden
        if leaked and views:
            leaked -= self.knowledge.referenced()
        assert not leaked, f"{where} at position {self.knowledge.position} names {sorted(leaked)}"
        self.cards_seen += len(named)

    def check_pages(self, thorough=False):
        """Every seat's API view and table page at this position, and the public summary; when `thorough`,
        its settings page, the replay (refused until the game is over) and two illegal moves' answers too."""
        position, over = self.knowledge.position, self.state.over
        summary = self.client.get(f"/api/games/{self.game_id}")
        self.assert_names_none(summary.get_data(as_text=True), self.knowledge.unknown_to_all(position), "summary")
        # A watcher may be shown no card that any seat has not seen.
        unseen_by_some = frozenset().union(*(self.knowledge.never_seen[position][seat] for seat in self.tokens))
        for where, path in (("watch page", f"/w/{self.watch}"), ("watch part", f"/w/{self.watch}/table"),
                            ("watch API", f"/api/watch/{self.watch}")):
            output = self.client.get(path)
            assert output.status_code == 200, where
            self.assert_names_none(output.get_data(as_text=True), unseen_by_some, where, views=True)
        for seat, token in self.tokens.items():
            forbidden = self.knowledge.never_seen[position][seat]
            if seat == self.leaver:     # a leaver learns nothing a watcher does not, beyond what they saw seated
                forbidden = unseen_by_some - self.seen_when_left
            outputs = {"API view": self.client.get(f"/api/seats/{token}"), "table page": self.client.get(f"/s/{token}"),
                       "live part": self.client.get(f"/s/{token}/table?since=1")}
            if thorough:
                outputs["settings page"] = self.client.get(f"/s/{token}/mail")
                if not over:   # a finished game's record shows every card
                    outputs["readable record"] = self.client.get(f"/s/{token}/record.txt")
                    outputs["record"] = self.client.get(f"/api/seats/{token}/record")
                replay = self.client.get(f"/s/{token}/replay")
                assert replay.status_code == (200 if over else 403)
                if not over:   # a finished game's replay shows every hand
                    outputs["refused replay"] = replay
            for where, output in outputs.items():
                assert output.status_code == (403 if where == "refused replay" else 200), where
                self.assert_names_none(output.get_data(as_text=True), forbidden, f"{where} of seat {seat}", views=True)
            if seat == self.leaver:     # cards come back in later deals: the view itself must be a watcher's
                assert outputs["API view"].get_json()["view"] == self.client.get(f"/api/watch/{self.watch}").get_json()["view"]
            hand = set(outputs["API view"].get_json()["view"].get("hand") or [])
            assert hand <= cards_named(outputs["API view"].get_data(as_text=True))   # the search does find cards
            assert hand <= cards_named(outputs["table page"].get_data(as_text=True))
            if thorough and not over and seat != self.leaver:
                self.check_error_answers(seat, token, forbidden)
            self.pages_checked += 1

    def check_error_answers(self, seat, token, forbidden):
        """Two illegal moves of cards the seat has never seen get the same answer but for the card named."""
        tried = sorted(forbidden)[:2]
        answers = []
        for card in tried:
            answer = self.client.post(f"/api/seats/{token}/moves", json={"move": card, "seq": self.game().seq})
            assert answer.status_code == 422
            text = answer.get_data(as_text=True)
            self.assert_names_none(text, forbidden - {card}, f"error answer to seat {seat}")
            message = answer.get_json()["error"]["message"]   # decoded: the JSON escapes a suit's symbol
            answers.append(message.replace(card, "<card>").replace(display(card), "<card>"))
        assert len(set(answers)) <= 1, answers


@pytest.mark.parametrize(("name", "players", "options", "number", "database_url"), with_databases(option_cases()),
                         indirect=["database_url"])
def test_no_output_names_a_card_its_reader_may_not_know(client, database_url, name, players, options, number):
    play = Play(client, name, players, options, number)
    to_the_end = number == 0 and database_url.startswith("sqlite")
    digest_seat = play.ask_for_digests()
    play.check_pages(thorough=True)
    moves_made = 0
    timed_out = on_vacation = False   # a short game (a vying game's naturals) may end before either
    while not play.state.over and moves_made < (MOVES_TO_THE_END if to_the_end else SAMPLE_MOVES):
        play.move()
        moves_made += 1
        if moves_made == 3 and not play.state.over:
            play.deadline_passes()
            timed_out = True
        if moves_made == 5 and not play.state.over:
            play.vacation()
            on_vacation = True
        if moves_made == 7 and not play.state.over and len(play.tokens) > 2:
            play.hand_over()
            play.check_pages(thorough=True)
        opening = play.state.deals <= 2 and play.knowledge.moves_in_deal() <= OPENING_CHECKS
        if opening or play.rng.random() < PAGE_CHANCE:
            play.check_pages(thorough=moves_made <= 2)
    assert play.state.over or not to_the_end
    play.check_pages(thorough=True)
    digested = play.send_digest(digest_seat)
    play.ask_for_my_games()
    kinds = {mail.kind for mail in play.mails()}
    assert {"confirm", "invite", "my_games"} <= kinds
    assert "your_turn" in kinds or moves_made == 0      # a game its first deal ended has no turn to tell
    assert ("digest" in kinds) == digested
    assert ("vacation" in kinds) == on_vacation
    if timed_out:
        assert {"reminder", "timeout" if play.game().timeout_policy == "robot" else "paused"} <= kinds
    assert "game_over" in kinds or not to_the_end
    assert ("deal_end" in kinds) == play.knowledge.a_move_ended_a_deal_and_play_went_on()
    assert play.pages_checked >= 2 * len(play.tokens) and play.cards_seen > 100
