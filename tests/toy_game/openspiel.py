"""What OpenSpiel must know of Toy Mau beyond its verbs (its ``openspiel`` facet): the stock is the
pile the engine draws from, the bounds of a game, and a state in words."""

from __future__ import annotations

from tests.toy_game.values import DECK, Rules, State, card_name


class OpenSpielFacts:
    """Toy Mau in OpenSpiel (``cardrules_toy_mau``): the seats that hold the fewest cards at the end
    share a return of 1; only ``draw`` takes a card, from the top of the stock."""

    players = (2, 4)
    utility = "constant_sum"

    @staticmethod
    def utilities(rules: Rules) -> tuple[float, float, float | None]:
        """A seat gets 0 to 1; the returns add up to 1."""
        return 0.0, 1.0, 1.0

    @staticmethod
    def max_game_length(rules: Rules) -> int:
        """Each card drawn and laid once at most, and fewer passes in a row than seats between two
        cards laid."""
        return 2 * len(DECK) + (len(DECK) + 1) * rules.players

    @staticmethod
    def draw_pile(state: State) -> tuple[int, ...]:
        """The stock, its next card first."""
        return state.stock

    @staticmethod
    def with_draw_pile(state: State, pile: tuple[int, ...]) -> State:
        """``state`` with ``pile`` as its stock."""
        return State(state.rules, state.discard, state.hands, pile, state.current, state.passes)

    @staticmethod
    def text(state: State, seat: int | None) -> str:
        """Every hand ``seat`` sees, the whole discard pile, the sizes and whose turn it is."""
        seats = range(state.rules.players) if seat is None else (seat,)
        lines = [f"seat {other} holds {' '.join(map(card_name, state.hands[other]))}" for other in seats]
        lines.append(f"discard {' '.join(map(card_name, state.discard))}")
        lines.append(f"hands {' '.join(str(len(hand)) for hand in state.hands)} | stock {len(state.stock)}")
        lines.append(f"seat {state.current} to play, {state.passes} passed in a row")
        return "\n".join(lines)
