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
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    Dismiss,
    EndTargets,
    KeyRoom,
    Launder,
    Pay,
    PayFine,
    Place,
    PlaceKey,
    ServiceRoom,
    TakePeasants,
    Target,
)
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
    wages_owed,
)
from gamekit.titles.bloody_inn.terms import ACTS, EFFECTS, FAMILIES, M, N


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


STEP_OF: dict[type[Action], str] = {
    PlaceKey: "key",
    Place: "place",
    Act: "act",
    Target: "target",
    TakePeasants: "target",
    EndTargets: "target",
    Pay: "pay",
    BuryUnder: "site",
    ServiceRoom: "service",
    KeyRoom: "keyroom",
    Launder: "launder",
    PayFine: "fine",
    Dismiss: "wages",
}
"""The step at which each action type is asked."""


def _is_card(x: object) -> bool:
    return isinstance(x, int) and 0 <= x < len(ALL_CARDS)


def _act(act: str) -> Term | Verbatim:
    """The verb of a night action ("bribe"), or the text itself when there is no such action."""
    return ACTS[act] if act in ACTS else Verbatim(repr(act))


def why_illegal(s: State, action: Action) -> str:
    """A sentence saying why ``action`` is refused now."""
    return str(_why_illegal(s, action))


def _why_illegal(s: State, action: Action) -> Message:
    wanted = STEP_OF.get(type(action), "")
    if s.step == "over":
        return M("the game is over")
    if wanted != s.step:
        match action:
            case Launder():
                return M("you can launder only after choosing to pass")
            case PayFine():
                return M(
                    "cash or a cheque is chosen only when a police fine or the gravedigger asks "
                    "for money and you hold both 10F of cash and a cheque (Ruling I9)"
                )
        return M("now {seat} must {todo}", seat=Seat(s.seat), todo=_todo(s.step))
    reason = _specific(s, action)
    return reason or M("'{action}' is not allowed now", action=str(action))


def _specific(s: State, action: Action) -> Message | None:
    match action:
        case Target(card=card):
            return _why_target(s, card)
        case Pay(card=card):
            return _why_pay(s, card)
        case BuryUnder(annex=annex):
            return _why_site(s, annex)
        case Launder(cheques=n):
            return _why_launder(s, n)
        case Act(action=act):
            return M("you have nothing you can afford to {act:verb} now", act=_act(act))
        case TakePeasants():
            return M("only Bribe takes peasants: 1 or 2 of those in the bistro (4 with a Brewery)")
        case Place() | PlaceKey() | ServiceRoom() | KeyRoom():
            return M("that room is not one you may choose now")
        case Dismiss():
            return M("only a card of your hand can leave (one of each kind is listed)")
        case PayFine():
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
            return N(
                "to {act:verb} {card:the} you must play {needed} card after a discount of "
                "{less}, but you have only {spare}",
                "to {act:verb} {card:the} you must play {needed} cards after a discount of "
                "{less}, but you have only {spare}",
                needed,
                act=_act(act),
                card=term,
                needed=needed,
                less=less,
                spare=_other_cards(spare),
            )
        return N(
            "to {act:verb} {card:the} you must play {needed} card, but you have only {spare}",
            "to {act:verb} {card:the} you must play {needed} cards, but you have only {spare}",
            needed,
            act=_act(act),
            card=term,
            needed=needed,
            spare=_other_cards(spare),
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


def _other_cards(count: int) -> Message:
    """ "1 other card in hand", "2 other cards in hand"."""
    return N("{count} other card in hand", "{count} other cards in hand", count, count=count)


def _why_site(s: State, annex: int) -> Message:
    if annex not in s.buried:
        return M("{number} is no annex on the table", number=repr(annex))
    held = len(s.buried[annex])
    return N(
        "{annex:the^} is full: it holds {held} corpse of {capacity}",
        "{annex:the^} is full: it holds {held} corpses of {capacity}",
        held,
        annex=annex_term(annex),
        held=held,
        capacity=capacity(annex),
    )


def _why_launder(s: State, n: int) -> Message | None:
    seat = s.seat
    if n > 0 and reserve(s) < n:
        left = reserve(s)
        return N(
            "only {count} cheque is left in the reserve (30 exist)",
            "only {count} cheques are left in the reserve (30 exist)",
            left,
            count=left,
        )
    if n > 0:
        cash = s.cash[seat]
        most = cash // 10
        return N(
            "you have {cash}F of cash: {most} cheque at most",
            "you have {cash}F of cash: {most} cheques at most",
            most,
            cash=cash,
            most=most,
        )
    if n < 0:
        held = s.cheques[seat]
        return N("you hold only {count} cheque", "you hold only {count} cheques", held, count=held)
    return None


# -- previews --------------------------------------------------------------------------
def describe(s: State, action: Action) -> str:
    """What ``action`` would do now, in a sentence."""
    found = _describe(s, action)
    return str(found) if found is not None else str(action)


def _describe(s: State, action: Action) -> Message | None:
    match action:
        case Target(card=card) if _is_card(card):
            return _describe_target(s, card)
        case Pay(card=card) if _is_card(card):
            return _describe_pay(s, card)
        case BuryUnder(annex=annex) if annex in s.buried:
            return _describe_site(s, annex)
        case PayFine(by=by) if by in ("cash", "cheque"):
            return _describe_fine(s, by)
    return None


def _describe_pay(s: State, card: int) -> Message:
    """Whether a paying card comes back to the hand (its aptitude, or a Chapel to bury)."""
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


def _describe_site(s: State, annex: int) -> Message:
    """Whose annex it is, and the money the burial brings (half to another's)."""
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


def _describe_target(s: State, card: int) -> Message:
    """Where the target is, what it costs in all and, to build, the annex's effect."""
    cost = price(s, s.seat, s.act, [*s.targets, card])
    act, term = _act(s.act), card_term(card)
    if s.act == "build":
        return N(
            "To build {card:the}: {cost} card to play in all. Its annex, {annex:name}: {effect}",
            "To build {card:the}: {cost} cards to play in all. Its annex, {annex:name}: {effect}",
            cost,
            card=term,
            cost=cost,
            annex=annex_term(card),
            effect=EFFECTS[KEY[card]],
        )
    if card in s.rooms:
        return N(
            "To {act:verb} {card:the} in room {room}: {cost} card to play in all.",
            "To {act:verb} {card:the} in room {room}: {cost} cards to play in all.",
            cost,
            act=act,
            card=term,
            room=s.rooms.index(card) + 1,
            cost=cost,
        )
    if card in s.bistro:
        return N(
            "To {act:verb} {card:the} of the bistro: {cost} card to play in all.",
            "To {act:verb} {card:the} of the bistro: {cost} cards to play in all.",
            cost,
            act=act,
            card=term,
            cost=cost,
        )
    return N(
        "To {act:verb} {card:the}: {cost} card to play in all.",
        "To {act:verb} {card:the}: {cost} cards to play in all.",
        cost,
        act=act,
        card=term,
        cost=cost,
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
        after = N(
            "{cash}F of cash and {cheques} cheque left, {due}F still to pay",
            "{cash}F of cash and {cheques} cheques left, {due}F still to pay",
            cheques,
            cash=cash,
            cheques=cheques,
            due=s.due - 10,
        )
    else:
        after = N(
            "{cash}F of cash and {cheques} cheque left",
            "{cash}F of cash and {cheques} cheques left",
            cheques,
            cash=cash,
            cheques=cheques,
        )
    if s.act != "police":
        return M("Pay 10F to the gravedigger {means}: {after}.", means=means, after=after)
    wages = wages_owed(len(s.hands[seat]), count_built(s, seat, "distiller"))
    return M(
        "Pay 10F of the police fine {means}: {after}; this morning's wages of {wages}F are "
        "paid in cash only.",
        means=means,
        after=after,
        wages=wages,
    )
