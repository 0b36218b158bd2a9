"""Home, lobby, rules and "my games"."""

from flask import Blueprint, abort, redirect, render_template, request, url_for
from jinja2 import TemplateNotFound

from engine import all_games, shown

from app.web import csrf, limits
from app.store.models import STATUS_UNCONFIRMED, TIMEOUT_POLICIES
from app.play import games as game_service
from app.play import mygames
from app.errors import BadInput
from app.web.views import lobby_form
from app.web.views.fields import whole_number

bp = Blueprint("pages", __name__)


@bp.get("/")
def home():
    return render_template("pages/home.html", games=lobby_form.games_flagship_first(all_games()))


@bp.get("/health")
def health():
    """A trivial answer for load balancers (and the benchmark's baseline)."""
    return "ok\n", 200, {"Content-Type": "text/plain"}


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico where a page names no icon (a record, an API answer): the pages' own icon."""
    return redirect(url_for("static", filename="favicon.svg"), 302)


@bp.get("/lobby")
def lobby():
    chosen = request.args.get("game")
    if chosen is not None:
        return redirect(url_for("pages.new_game", name=game_or_404(chosen).name), 303)
    return render_template("pages/lobby.html", families=lobby_form.games_by_family(all_games()),
                           chosen=lobby_form.flagship(all_games()))


def game_or_404(name):
    game = all_games().get(name)
    if game is None:
        abort(404, description=f"There is no game called {shown(name)} here.")
    return game


@bp.route("/lobby/<name>", methods=["GET", "POST"])
@limits.games_per_client
def new_game(name):
    """The form for a new game, and its answer: the game started, or the form again with what was typed (also
    when the number of players was changed, with the form's own button, and nothing was started)."""
    game = game_or_404(name)
    error = None
    form = request.form if request.method == "POST" else request.args
    if request.method == "POST":
        csrf.check()
    if request.method == "POST" and lobby_form.CHANGE_PLAYERS not in form:
        try:
            created = game_service.create_game(lobby_form.read_form(name, request.form), limits.admit_games,
                                               confirmed_by=limits.confirmed_address())
        except BadInput as problem:
            error = problem.message
        else:
            if created.status == STATUS_UNCONFIRMED and created.confirmed_at is not None:   # listed for its open seats
                return redirect(f"/open/{created.id}", 303)
            if created.status == STATUS_UNCONFIRMED:
                return redirect(url_for("pages.started", game_id=created.id), 303)
            return redirect(game_service.creator_table(created.id), 303)
    players = whole_number(form.get("players"))
    if players not in game.players:
        players = game.players[0]
    chosen = lobby_form.read_options(game, form)
    return render_template(
        "pages/new_game.html", game=game, players=players, form=form, error=error,
        options=lobby_form.option_fields(game, players, chosen), seat_labels=lobby_form.player_seat_labels(game, players, chosen),
        seat_kinds=lobby_form.seat_kinds(), default_robot=lobby_form.DEFAULT_ROBOT, move_times=lobby_form.MOVE_TIMES,
        robot_words=lobby_form.robot_words(name),
        default_move_time=lobby_form.DEFAULT_MOVE_TIME, timeout_policies=TIMEOUT_POLICIES,
    ), 422 if error else 200


@bp.get("/started/<game_id>")
def started(game_id):
    return render_template("pages/started.html")


@bp.get("/rules/<name>")
def rules(name):
    game = game_or_404(name)
    try:
        return render_template("pages/rules.html", game=game, fragment=f"rules/{name}.html")
    except TemplateNotFound as missing:
        if missing.name != f"rules/{name}.html":
            raise
        return render_template("pages/rules.html", game=game, fragment=None)


@bp.route("/my-games", methods=["GET", "POST"])
@limits.links_per_client
def my_games():
    """A browser that confirmed its address is shown its games at once; any other is asked for the address,
    and the list is mailed to it."""
    owner = limits.confirmed_address()
    if request.method == "GET" and owner is not None:
        return render_template("pages/my_games.html", email=owner, entries=mygames.games_of(owner))
    if request.method == "GET":
        return render_template("pages/my_games_ask.html", sent=False, error=None)
    csrf.check()
    try:
        mygames.request_my_games(request.form.get("email", ""))
    except BadInput as problem:
        return render_template("pages/my_games_ask.html", sent=False, error=problem.message), 422
    return render_template("pages/my_games_ask.html", sent=True, error=None)


@bp.get("/my-games/<token>")
def my_games_list(token):
    email, entries = mygames.games_for_token(token)
    return render_template("pages/my_games.html", email=email, entries=entries)
