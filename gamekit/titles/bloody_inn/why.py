"""The Bloody Inn's words: why a move is refused, what a move would do.

The reasons name the rule, in sentences a learner reads (messages of the title's
catalog, in the language in force):

>>> from gamekit.titles.bloody_inn.rules import RULES
>>> from gamekit.titles.bloody_inn.actions import Launder
>>> s = RULES.initial_state(RULES.make_config(2, {}), 1)
>>> why_illegal(s, Launder(1))
'you can launder only after choosing to pass'
"""

from __future__ import annotations

from gamekit.core.actions import Action
from gamekit.core.i18n import Message, Term, Verbatim
from gamekit.core.names import Seat
from gamekit.titles.bloody_inn import night
from gamekit.titles.bloody_inn.cards import (
    ALL_CARDS,
    APT,
    BUILDABLE,
    FAMILY,
    KEY,
    MONEY,
    annex_term,
    capacity,
    card_term,
)
from gamekit.titles.bloody_inn.state import (
    State,
    count_built,
    discount,
    owner,
    price,
    reserve,
)
from gamekit.titles.bloody_inn.terms import ACTS, EFFECTS, FAMILIES, M


def _todo(step: str) -> Message:
    """What the seat to move must do at ``step`` (the end of "now Player 2 must ...")."""
    if step == "key":
        return M("put their key on a room")
    if step == "place":
        return M("lodge the next traveller")
    if step == "act":
        return M("choose an action")
    if step == "target":
        return M("choose a target")
    if step == "pay":
        return M("choose a card to pay with")
    if step == "site":
        return M("choose where to bury the corpse")
    if step == "service":
        return M("choose a room for the Room Service token")
    if step == "keyroom":
        return M("choose a white key to replace")
    if step == "launder":
        return M("choose how much to launder")
    if step == "fine":
        return M("choose cash or a cheque for the next 10F of the fine")
    if step == "wages":
        return M("choose a card that leaves unpaid")
    return M("nothing: the game is over")


STEP_OF = {
    "place_key": "key",
    "place": "place",
    "act": "act",
    "target": "target",
    "take_peasants": "target",
    "end_targets": "target",
    "pay": "pay",
    "bury_under": "site",
    "service_room": "service",
    "key_room": "keyroom",
    "launder": "launder",
    "pay_fine": "fine",
    "dismiss": "wages",
}


def _is_card(x: object) -> bool:
    return isinstance(x, int) and 0 <= x < len(ALL_CARDS)


def _act(act: str) -> Term | Verbatim:
    """The verb of a night action ("bribe"), or the text itself when there is no such action."""
    return ACTS[act] if act in ACTS else Verbatim(repr(act))


def why_illegal(s: State, action: Action) -> str:
    """A sentence saying why ``action`` is refused now."""
    return str(_why_illegal(s, action))


def _why_illegal(s: State, action: Action) -> Message:
    wanted = STEP_OF.get(action.kind, "")
    if s.step == "over":
        return M("the game is over")
    if wanted != s.step:
        if action.kind == "launder":
            return M("you can launder only after choosing to pass")
        if action.kind == "pay_fine":
            return M(
                "cash or a cheque is chosen only when a police fine or the gravedigger asks "
                "for money and you hold both 10F of cash and a cheque (Ruling I9)"
            )
        return M("now {seat} must {todo}", seat=Seat(s.seat), todo=_todo(s.step))
    reason = _specific(s, action)
    return reason or M("'{action}' is not allowed now", action=str(action))


def _specific(s: State, action: Action) -> Message | None:
    kind = action.kind
    if kind == "target":
        return _why_target(s, action.card)  # type: ignore[attr-defined]
    if kind == "pay":
        return _why_pay(s, action.card)  # type: ignore[attr-defined]
    if kind == "bury_under":
        return _why_site(s, action.annex)  # type: ignore[attr-defined]
    if kind == "launder":
        return _why_launder(s, action.cheques)  # type: ignore[attr-defined]
    if kind == "act":
        act = _act(action.action)  # type: ignore[attr-defined]
        return M("you have nothing you can afford to {act:verb} now", act=act)
    if kind == "take_peasants":
        return M("only Bribe takes peasants: 1 or 2 of those in the bistro (4 with a Brewery)")
    if kind in ("place", "place_key", "service_room", "key_room"):
        return M("that room is not one you may choose now")
    if kind == "dismiss":
        return M("only a card of your hand can leave (one of each kind is listed)")
    if kind == "pay_fine":
        return M("pay the 10F with 'cash' or with a 'cheque' (Ruling I9)")
    return None


def _no_card(number: int) -> Message:
    return M("{number} is no card of the game", number=repr(number))


def _why_target(s: State, card: int) -> Message | None:
    if not _is_card(card):
        return _no_card(card)
    act, seat = s.act, s.seat
    term = card_term(card)
    if act == "build" and not BUILDABLE[card]:
        return M(
            "{card:the^} belongs to the {family}: it shows no annex and cannot be built",
            card=term,
            family=FAMILIES[FAMILY[card]],
        )
    if card in s.targets:
        return M("{card:the^} is already a target", card=term)
    if act == "build" and card not in s.hands[seat]:
        if _kind_in(card, s.hands[seat]):
            return _interchangeable(card)
        return M("you can only build a card of your hand, and {card:the} is not in it", card=term)
    if act == "bury" and card not in s.corpses[seat]:
        if _kind_in(card, s.corpses[seat]):
            return _interchangeable(card)
        return M("you can only bury one of your own corpses, and {card:the} is not", card=term)
    if act == "bribe" and card in s.bistro:
        return M("to bribe peasants, take them from the bistro (Take 1 or 2 peasants)")
    if (
        act in ("bribe", "kill")
        and card not in s.rooms
        and not (act == "kill" and card in s.bistro)
    ):
        if _kind_in(card, s.rooms):
            return _interchangeable(card)
        return M("{card:the^} is not a guest of the inn", card=term)
    needed = price(s, seat, act, [*s.targets, card])
    spare = night.spare_cards(s, seat, act, [*s.targets, card])
    if needed > spare:
        less = discount(s, seat, act) if act != "kill" else 0
        if less:
            return M(
                "to {act:verb} {card:the} you must play {needed} card(s) after a discount of "
                "{less}, but you have only {spare} other card(s) in hand",
                act=_act(act),
                card=term,
                needed=needed,
                less=less,
                spare=spare,
            )
        return M(
            "to {act:verb} {card:the} you must play {needed} card(s), but you have only "
            "{spare} other card(s) in hand",
            act=_act(act),
            card=term,
            needed=needed,
            spare=spare,
        )
    if act == "bury":
        return M("there is no room left under any annex for one more corpse")
    if act == "build" or card in s.bistro:
        return _interchangeable(card)
    return None


def _kind_in(card: int, cards: list[int]) -> bool:
    """True when ``cards`` hold another card of the same kind as ``card`` (a look-alike)."""
    return any(c >= 0 and c != card and KEY[c] == KEY[card] for c in cards)


def _interchangeable(card: int) -> Message:
    return M(
        "{card:the^} is interchangeable with another of its kind: choose the listed one",
        card=card_term(card),
    )


def _why_pay(s: State, card: int) -> Message:
    if not _is_card(card):
        return _no_card(card)
    term = card_term(card)
    if card in s.targets:
        return M("{card:the^} is the card you build: it cannot pay for itself", card=term)
    if card not in s.hands[s.seat] and not _kind_in(card, s.hands[s.seat]):
        return M("{card:the^} is not in your hand", card=term)
    return _interchangeable(card)


def _why_site(s: State, annex: int) -> Message:
    if annex not in s.buried:
        return M("{number} is no annex on the table", number=repr(annex))
    held = len(s.buried[annex])
    return M(
        "{annex:the^} is full: it holds {held} corpse(s) of {capacity}",
        annex=annex_term(annex),
        held=held,
        capacity=capacity(annex),
    )


def _why_launder(s: State, n: int) -> Message | None:
    seat = s.seat
    if n > 0 and reserve(s) < n:
        return M("only {count} cheque(s) are left in the reserve (30 exist)", count=reserve(s))
    if n > 0:
        cash = s.cash[seat]
        return M("you have {cash}F of cash: {most} cheque(s) at most", cash=cash, most=cash // 10)
    if n < 0:
        return M("you hold only {count} cheque(s)", count=s.cheques[seat])
    return None


# -- previews --------------------------------------------------------------------------
def describe(s: State, action: Action) -> str:
    """What ``action`` would do now, in a sentence."""
    found = _describe(s, action)
    return str(found) if found is not None else str(action)


def _describe(s: State, action: Action) -> Message | None:
    kind = action.kind
    if kind == "target" and _is_card(action.card):  # type: ignore[attr-defined]
        return _describe_target(s, action.card)  # type: ignore[attr-defined]
    if kind == "pay" and _is_card(action.card):  # type: ignore[attr-defined]
        card = action.card  # type: ignore[attr-defined]
        back = APT[card] == s.act or (
            s.act == "bury" and any(KEY[a] == "priest" for a in s.annexes[s.seat])
        )
        if back:
            return M(
                "Play {card:the} towards the price: it comes back to your hand.",
                card=card_term(card),
            )
        return M(
            "Play {card:the} towards the price: it is lost (exit pile or bistro).",
            card=card_term(card),
        )
    if kind == "bury_under" and action.annex in s.buried:  # type: ignore[attr-defined]
        annex = action.annex  # type: ignore[attr-defined]
        money = MONEY[s.targets[0]] if s.targets else 0
        keeper = owner(s, annex)
        if keeper == s.seat:
            return M(
                "Hide the corpse under {annex:the}, yours: you gain all {money}F.",
                annex=annex_term(annex),
                money=money,
            )
        return M(
            "Hide the corpse under {annex:the}, {owner}'s: you gain {half}F, and {owner} as much.",
            annex=annex_term(annex),
            owner=Seat(keeper),
            half=money // 2,
        )
    if kind == "pay_fine" and action.by in ("cash", "cheque"):  # type: ignore[attr-defined]
        return _describe_fine(s, action.by)  # type: ignore[attr-defined]
    return None


def _describe_target(s: State, card: int) -> Message:
    """Where the target is, what it costs in all and, to build, the annex's effect."""
    cost = price(s, s.seat, s.act, [*s.targets, card])
    act, term = _act(s.act), card_term(card)
    if s.act == "build":
        return M(
            "To build {card:the}: {cost} card(s) to play in all. Its annex, {annex:name}: {effect}",
            card=term,
            cost=cost,
            annex=annex_term(card),
            effect=EFFECTS[KEY[card]],
        )
    if card in s.rooms:
        return M(
            "To {act:verb} {card:the} in room {room}: {cost} card(s) to play in all.",
            act=act,
            card=term,
            room=s.rooms.index(card) + 1,
            cost=cost,
        )
    if card in s.bistro:
        return M(
            "To {act:verb} {card:the} of the bistro: {cost} card(s) to play in all.",
            act=act,
            card=term,
            cost=cost,
        )
    return M(
        "To {act:verb} {card:the}: {cost} card(s) to play in all.", act=act, card=term, cost=cost
    )


def _describe_fine(s: State, by: str) -> Message:
    """What paying the next 10F of a fine in cash or with a cheque leaves (Ruling I9)."""
    seat = s.seat
    cash, cheques = s.cash[seat], s.cheques[seat]
    if by == "cash":
        cash -= 10
        means = M("in cash")
    else:
        cheques -= 1
        means = M("with a cheque")
    if s.due > 10:
        after = M(
            "{cash}F of cash and {cheques} cheque(s) left, {due}F still to pay",
            cash=cash,
            cheques=cheques,
            due=s.due - 10,
        )
    else:
        after = M("{cash}F of cash and {cheques} cheque(s) left", cash=cash, cheques=cheques)
    if s.act != "police":
        return M("Pay 10F to the gravedigger {means}: {after}.", means=means, after=after)
    wages = max(0, len(s.hands[seat]) - count_built(s, seat, "distiller"))
    return M(
        "Pay 10F of the police fine {means}: {after}; this morning's wages of {wages}F are "
        "paid in cash only.",
        means=means,
        after=after,
        wages=wages,
    )
