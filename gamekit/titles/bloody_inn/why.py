"""The Bloody Inn's words: why a move is refused, what a move would do, a static picture.

The reasons name the rule, in sentences a learner reads:

>>> from gamekit.titles.bloody_inn.rules import RULES
>>> from gamekit.titles.bloody_inn.actions import Launder
>>> s = RULES.initial_state(RULES.make_config(2, {}), 1)
>>> why_illegal(s, Launder(1))
'you can launder only after choosing to pass'
"""

from __future__ import annotations

from gamekit.core.actions import Action
from gamekit.titles.bloody_inn import night
from gamekit.titles.bloody_inn.cards import (
    ALL_CARDS,
    ANNEX,
    APT,
    BUILDABLE,
    EFFECT,
    FAMILY,
    KEY,
    MONEY,
    annex_label,
    capacity,
    label,
)
from gamekit.titles.bloody_inn.state import (
    State,
    count_built,
    discount,
    owner,
    price,
    reserve,
)

STEP_TEXT = {
    "key": "put their key on a room",
    "place": "lodge the next traveller",
    "act": "choose an action",
    "target": "choose a target",
    "pay": "choose a card to pay with",
    "site": "choose where to bury the corpse",
    "service": "choose a room for the Room Service token",
    "keyroom": "choose a white key to replace",
    "launder": "choose how much to launder",
    "fine": "choose cash or a cheque for the next 10F of the fine",
    "wages": "choose a card that leaves unpaid",
    "over": "nothing: the game is over",
}
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


def why_illegal(s: State, action: Action) -> str:
    """A sentence saying why ``action`` is refused now."""
    wanted = STEP_OF.get(action.kind, "")
    if s.step == "over":
        return "the game is over"
    if wanted != s.step:
        if action.kind == "launder":
            return "you can launder only after choosing to pass"
        if action.kind == "pay_fine":
            return (
                "cash or a cheque is chosen only when a police fine or the gravedigger asks "
                "for money and you hold both 10F of cash and a cheque (Ruling I9)"
            )
        return f"now player {s.seat} must {STEP_TEXT[s.step]}"
    reason = _specific(s, action)
    return reason or f"'{action}' is not allowed now"


def _specific(s: State, action: Action) -> str:
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
        return f"you have nothing you can afford to {action.action} now"  # type: ignore[attr-defined]
    if kind == "take_peasants":
        return "only Bribe takes peasants: 1 or 2 of those in the bistro (4 with a Brewery)"
    if kind in ("place", "place_key", "service_room", "key_room"):
        return "that room is not one you may choose now"
    if kind == "dismiss":
        return "only a card of your hand can leave (one of each kind is listed)"
    if kind == "pay_fine":
        return "pay the 10F with 'cash' or with a 'cheque' (Ruling I9)"
    return ""


def _why_target(s: State, card: int) -> str:
    if not _is_card(card):
        return f"#{card} is no card of the game"
    act, seat = s.act, s.seat
    if act == "build" and not BUILDABLE[card]:
        return f"{label(card)} is {FAMILY[card]}: it shows no annex and cannot be built"
    if card in s.targets:
        return f"{label(card)} is already a target"
    if act == "build" and card not in s.hands[seat]:
        return f"you can only build a card of your hand, and {label(card)} is not in it"
    if act == "bury" and card not in s.corpses[seat]:
        return f"you can only bury one of your own corpses, and {label(card)} is not"
    if act == "bribe" and card in s.bistro:
        return "to bribe peasants, take them from the bistro (Take 1 or 2 peasants)"
    if (
        act in ("bribe", "kill")
        and card not in s.rooms
        and not (act == "kill" and card in s.bistro)
    ):
        return f"{label(card)} is not a guest of the inn"
    needed = price(s, seat, act, [*s.targets, card])
    spare = night.spare_cards(s, seat, act, [*s.targets, card])
    if needed > spare:
        less = discount(s, seat, act) if act != "kill" else 0
        cut = f" after a discount of {less}" if less else ""
        return (
            f"to {act} {label(card)} you must play {needed} card(s){cut}, but you have only "
            f"{spare} other card(s) in hand"
        )
    if act == "bury":
        return "there is no room left under any annex for one more corpse"
    if act == "build" or card in s.bistro:
        return f"{label(card)} is interchangeable with another of its kind: choose the listed one"
    return ""


def _why_pay(s: State, card: int) -> str:
    if not _is_card(card):
        return f"#{card} is no card of the game"
    if card in s.targets:
        return f"{label(card)} is the card you build: it cannot pay for itself"
    if card not in s.hands[s.seat]:
        return f"{label(card)} is not in your hand"
    return f"{label(card)} is interchangeable with another of its kind: choose the listed one"


def _why_site(s: State, annex: int) -> str:
    if annex not in s.buried:
        return f"#{annex} is no annex on the table"
    held = len(s.buried[annex])
    return f"{annex_label(annex)} is full: it holds {held} corpse(s) of {capacity(annex)}"


def _why_launder(s: State, n: int) -> str:
    seat = s.seat
    if n > 0 and reserve(s) < n:
        return f"only {reserve(s)} cheque(s) are left in the reserve (30 exist)"
    if n > 0:
        return f"you have {s.cash[seat]}F of cash: {s.cash[seat] // 10} cheque(s) at most"
    if n < 0:
        return f"you hold only {s.cheques[seat]} cheque(s)"
    return ""


# -- previews --------------------------------------------------------------------------
def describe(s: State, action: Action) -> str:
    """What ``action`` would do now, in a sentence."""
    kind = action.kind
    if kind == "target" and _is_card(action.card):  # type: ignore[attr-defined]
        card = action.card  # type: ignore[attr-defined]
        cost = price(s, s.seat, s.act, [*s.targets, card])
        extra = f" Its annex: {ANNEX[card]}: {EFFECT[card]}" if s.act == "build" else ""
        return f"Aim the {s.act} at {label(card)}: {cost} card(s) to play in all.{extra}"
    if kind == "pay" and _is_card(action.card):  # type: ignore[attr-defined]
        card = action.card  # type: ignore[attr-defined]
        back = APT[card] == s.act or (
            s.act == "bury" and any(KEY[a] == "priest" for a in s.annexes[s.seat])
        )
        goes = "comes back to your hand" if back else "is lost (exit pile or bistro)"
        return f"Play {label(card)} towards the price: it {goes}."
    if kind == "bury_under" and action.annex in s.buried:  # type: ignore[attr-defined]
        annex = action.annex  # type: ignore[attr-defined]
        money = MONEY[s.targets[0]] if s.targets else 0
        mine = owner(s, annex) == s.seat
        share = f"all {money}F" if mine else f"{money // 2}F, and its owner as much"
        return f"Hide the corpse under {annex_label(annex)}: you gain {share}."
    if kind == "pay_fine" and action.by in ("cash", "cheque"):  # type: ignore[attr-defined]
        return _describe_fine(s, action.by)  # type: ignore[attr-defined]
    return str(action)


def _describe_fine(s: State, by: str) -> str:
    """What paying the next 10F of a fine in cash or with a cheque leaves (Ruling I9)."""
    seat = s.seat
    cash, cheques = s.cash[seat], s.cheques[seat]
    if by == "cash":
        cash -= 10
    else:
        cheques -= 1
    whom = "the police fine" if s.act == "police" else "the gravedigger"
    means = "in cash" if by == "cash" else "with a cheque"
    after = f"{cash}F of cash and {cheques} cheque(s) left"
    if s.due > 10:
        after += f", {s.due - 10}F still to pay"
    if s.act != "police":
        return f"Pay 10F of {whom} {means}: {after}."
    wages = max(0, len(s.hands[seat]) - count_built(s, seat, "distiller"))
    return (
        f"Pay 10F of {whom} {means}: {after}; this morning's wages of {wages}F "
        "are paid in cash only."
    )
