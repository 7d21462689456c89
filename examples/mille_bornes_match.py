"""A Mille Bornes match: the heuristic bot (side 0) against random play, with every score sheet.

Run: python examples/mille_bornes_match.py
"""

from __future__ import annotations

from cardrules.bots import Bot, RandomBot
from cardrules.games import mille_bornes as mb
from cardrules.games.mille_bornes.bots import HeuristicBot


def main() -> None:
    rules = mb.Rules.parker(players=4, team_size=2)
    bots: list[Bot[mb.Observation, mb.Move]] = [HeuristicBot(), RandomBot(1), HeuristicBot(), RandomBot(2)]
    state = mb.new_game(rules, seed=2024)
    moves = 0
    while not mb.is_terminal(state):
        seat = mb.current_player(state)
        assert seat is not None
        move = bots[seat].choose(mb.observe(state, seat), mb.legal_moves(state))
        if isinstance(move, mb.CoupFourre | mb.Extend):
            print(f"  seat {seat}: {move}")
        state = mb.apply(state, move)
        moves += 1
    result = mb.result(state)
    assert result is not None
    for sheet in result.hands:
        done = "nobody" if sheet.completed_by is None else f"side {sheet.completed_by}"
        print(f"hand {sheet.hand + 1}: trip completed by {done}, miles {sheet.miles}")
        for side in sheet.sides:
            lines = ", ".join(f"{label} {points}" for label, points in side.lines() if points)
            print(f"  side {side.side}: {side.total:>5}  ({lines})")
    print(f"final totals {result.totals}; winners {result.winners}; {moves} decisions")


if __name__ == "__main__":
    main()
