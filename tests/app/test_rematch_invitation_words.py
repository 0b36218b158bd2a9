"""A rematch's invitation says it is a rematch of the players' game, in its subject and both its bodies."""

from app_helpers import html_of, mails, text_of, token_for
from test_rematch import app, client, play_out, rematch_of, trio_game  # noqa: F401  (fixtures)


def test_the_invitation_to_a_rematch_says_it_is_a_rematch_of_their_game(client):
    game = play_out(client, trio_game().id)
    first_invite = mails(game_id=game.id, kind="invite", recipient="bob@example.org")[0]
    assert first_invite.subject == "Ann invites you to a game of One-and-Thirty"
    assert "rematch" not in text_of(first_invite).lower()
    client.post(f"/api/seats/{token_for(game.id, 0)}/rematch", json={})
    for seat in (1, 2):
        client.post(f"/api/seats/{token_for(game.id, seat)}/rematch", json={"answer": "yes"})
    new_id = rematch_of(game.id).new_game_id
    [bob] = mails(game_id=new_id, kind="invite", recipient="bob@example.org")
    assert bob.subject == "A rematch of your game of One-and-Thirty"
    assert "Ann starts a rematch of your game of One-and-Thirty on Cachette." in text_of(bob)
    assert "Ann starts a rematch of your game of <strong>One-and-Thirty</strong>" in html_of(bob)
    assert "invites you" not in text_of(bob)
    [ann] = mails(game_id=new_id, kind="invite", recipient="ann@example.org")
    assert ann.subject == "Your rematch of One-and-Thirty has started"
    assert "Your rematch of One-and-Thirty has started." in text_of(ann)
