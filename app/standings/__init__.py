"""Standings: a person's public name and their ratings.

Owns: handles, a confirmed address's public name (`handles`); the robots' fixed ratings per game read from
engine/robots/anchors.json (`anchors`); OpenSkill ratings and how they are shown (`ratings`); who is rated in
a finished game and how (`rated_games`); rating a finished game exactly once (`rating_updates`); the
leaderboard per game (`leaderboard`); a player's public profile and its chart (`profile`, `chart`); what a
table shows of its players' standings (`table_standings`); and replaying every rated game from the logs
(`recompute`, a command).

May import: app.store, app.play, app.words
"""
