"""The Bloody Inn's night: the five actions, their targets, payment and effects.

An action is chosen in steps so that every list of choices stays short:
``act`` (which action) -> ``target`` (one, or several with Shop / Butcher's
Shop / Crypt) -> ``pay`` (one card at a time) -> ``site`` (burial) or an
annex's extra question (``service``, ``keyroom``); passing leads to ``launder``.
Only targets the player can afford are offered, so no choice is a dead end.
"""

from __future__ import annotations

from gamekit.core.actions import Action, Event
from gamekit.core.i18n import Listing, Message
from gamekit.core.names import SEATS
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    EndTargets,
    KeyRoom,
    Launder,
    Pay,
    ServiceRoom,
    TakePeasants,
    Target,
)
from gamekit.titles.bloody_inn.cards import (
    APT,
    BUILDABLE,
    COUNT_GAIN,
    DISCOUNT,
    FAMILY,
    INSTANT_GAIN,
    IS_PEASANT,
    KEY,
    MONEY,
    RANK,
    ROOMS,
    TERM,
    annex_term,
)
from gamekit.titles.bloody_inn.flow import Log, end_turn
from gamekit.titles.bloody_inn.state import (
    EMPTY,
    NO_KEY,
    NO_TOKEN,
    WHITE,
    State,
    count_built,
    discount,
    free_slots,
    gain,
    has_multi,
    owner,
    price,
    reserve,
    sites,
)
from gamekit.titles.bloody_inn.terms import Gain, M

ACT_ORDER = ("bribe", "build", "kill", "bury", "pass")


# -- what can be chosen -------------------------------------------------------------
def spare_cards(s: State, seat: int, act: str, targets: list[int]) -> int:
    """Cards of the hand that may pay (a card being built cannot pay for itself)."""
    hand = s.hands[seat]
    if act == "build":
        return len(hand) - sum(1 for t in targets if t in hand)
    return len(hand)


def affordable(s: State, seat: int, act: str, targets: list[int]) -> bool:
    """True when the seat can pay for ``targets`` (and, to bury, has room for them)."""
    if act == "bury" and free_slots(s) < len(targets):
        return False
    return price(s, seat, act, targets) <= spare_cards(s, seat, act, targets)


def target_cards(s: State, seat: int, act: str, chosen: list[int]) -> list[int]:
    """Cards the action could aim at next, affordable together with ``chosen``.

    The test is :func:`affordable`, written out here once per call for speed:
    the price of ``chosen`` plus the candidate's rank must fit in the spare cards.
    """
    spare = len(s.hands[seat])
    base = -discount(s, seat, act) if act != "kill" else 0
    for t in chosen:
        base += RANK[t]
    room = spare - base
    if act == "bribe" or act == "kill":
        out = [c for c in s.rooms if c >= 0 and RANK[c] <= room and c not in chosen]
        if act == "kill" and room >= 0:
            left = [p for p in s.bistro if p not in chosen]
            out += left[-1:]
        return out
    if act == "build":
        return _distinct(c for c in s.hands[seat] if BUILDABLE[c] and RANK[c] < room)
    if act == "bury" and free_slots(s) > len(chosen):
        return [c for c in s.corpses[seat] if RANK[c] <= room and c not in chosen]
    return []


def peasant_offers(s: State, seat: int) -> list[int]:
    """How many peasants one Bribe may take: 1-2, up to 4 with a Brewery."""
    most = 4 if count_built(s, seat, "brewer") else 2
    return list(range(1, min(most, len(s.bistro)) + 1))


def possible_acts(s: State, seat: int) -> list[str]:
    """The actions with at least one affordable target, then ``pass``.

    The same test as :func:`target_cards` with no target chosen yet, done in one
    sweep (it runs before every night action).
    """
    hand = len(s.hands[seat])
    disc = {"bribe": 0, "build": 0, "bury": 0}
    for a in s.annexes[seat]:
        act = DISCOUNT.get(KEY[a])
        if act:
            disc[act] += 1
    guests = [RANK[c] for c in s.rooms if c >= 0]
    cheapest = min(guests) if guests else 99
    out = []
    if s.bistro or cheapest <= hand + disc["bribe"]:
        out.append("bribe")
    room = hand + disc["build"]
    if any(BUILDABLE[c] and RANK[c] < room for c in s.hands[seat]):
        out.append("build")
    if s.bistro or cheapest <= hand:
        out.append("kill")
    corpses = s.corpses[seat]
    if corpses and min(RANK[c] for c in corpses) <= hand + disc["bury"] and free_slots(s):
        out.append("bury")
    out.append("pass")
    return out


def launder_options(s: State, seat: int) -> list[int]:
    """Cheques one pass may make (positive) or cash (negative), 0 first (Ruling I3)."""
    make = min(s.cash[seat] // 10, reserve(s))
    return [0, *range(1, make + 1), *range(-1, -s.cheques[seat] - 1, -1)]


def _distinct(cards: object) -> list[int]:
    """One card of each kind (cards of a kind are interchangeable), first id kept."""
    seen: set[str] = set()
    out = []
    for c in cards:  # type: ignore[attr-defined]
        if KEY[c] not in seen:
            seen.add(KEY[c])
            out.append(c)
    return out


def legal(s: State) -> list[Action]:
    """The legal actions at a night step, in a stable order."""
    seat, step = s.seat, s.step
    if step == "act":
        return [Act(a) for a in possible_acts(s, seat)]
    if step == "target":
        out: list[Action] = [Target(c) for c in target_cards(s, seat, s.act, s.targets)]
        if s.targets:
            out.append(EndTargets())
        elif s.act == "bribe":
            out += [TakePeasants(n) for n in peasant_offers(s, seat)]
        return out
    if step == "pay":
        return [Pay(c) for c in payers(s)]
    if step == "site":
        return [BuryUnder(a) for a in sites(s)]
    if step == "service":
        return [ServiceRoom(r) for r in service_rooms(s)]
    if step == "keyroom":
        return [KeyRoom(r) for r in white_rooms(s)]
    if step == "launder":
        return [Launder(n) for n in launder_options(s, seat)]
    return []


def payers(s: State) -> list[int]:
    """Cards of the hand that may pay now (one of each kind; never the card built)."""
    return _distinct(c for c in s.hands[s.seat] if c not in s.targets)


def service_rooms(s: State) -> list[int]:
    """Open rooms without a Room Service token (Ruling I11)."""
    return [r for r in range(ROOMS) if s.keys[r] != NO_KEY and s.service[r] == NO_TOKEN]


def white_rooms(s: State) -> list[int]:
    """Rooms with a white key (the Bedroom replaces one)."""
    return [r for r in range(ROOMS) if s.keys[r] == WHITE]


# -- applying -------------------------------------------------------------------------
def apply(s: State, action: Action, log: Log) -> None:
    """Apply a legal night action."""
    kind = action.kind
    if kind == "act":
        _choose_act(s, action.action, log)  # type: ignore[attr-defined]
    elif kind == "target":
        _add_target(s, action.card, log)  # type: ignore[attr-defined]
    elif kind == "end_targets":
        _targets_done(s, log)
    elif kind == "pay":
        _pay(s, action.card, log)  # type: ignore[attr-defined]
    elif kind == "bury_under":
        _bury(s, action.annex, log)  # type: ignore[attr-defined]
    elif kind == "take_peasants":
        _take_peasants(s, action.count, log)  # type: ignore[attr-defined]
    elif kind == "service_room":
        _service(s, action.room, log)  # type: ignore[attr-defined]
    elif kind == "key_room":
        _key(s, action.room, log)  # type: ignore[attr-defined]
    elif kind == "launder":
        _launder(s, action.cheques, log)  # type: ignore[attr-defined]


def _choose_act(s: State, act: str, log: Log) -> None:
    if act != "pass":
        s.act, s.step = act, "target"
        return
    if log is not None:
        log.append(Event(M("{seat} passes.", seat=SEATS[s.seat]), "pass", None, s.seat))
    if s.unlimited or launder_options(s, s.seat) == [0]:
        end_turn(s, log)
        return
    s.act, s.step = "pass", "launder"


def _add_target(s: State, card: int, log: Log) -> None:
    s.targets.append(card)
    if has_multi(s, s.seat, s.act) and target_cards(s, s.seat, s.act, s.targets):
        return
    _targets_done(s, log)


def _targets_done(s: State, log: Log) -> None:
    s.due = price(s, s.seat, s.act, s.targets)
    if log is not None:
        ruling = "I5" if len(s.targets) > 1 else None
        log.append(Event(_aimed(s), s.act, ruling, s.seat))
    if s.due == 0:
        _resolve(s, log)
    else:
        s.step = "pay"


def _aimed(s: State) -> Message:
    """The narration of an action aimed at its targets: who, what, and the price."""
    targets = Listing(tuple(TERM[t] for t in s.targets), "and")
    cost = M("it costs {count} card(s)", count=s.due) if s.due else M("it costs nothing")
    seat = SEATS[s.seat]
    if s.act == "bribe":
        return M("{seat} bribes {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    if s.act == "build":
        return M("{seat} builds {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    if s.act == "kill":
        return M("{seat} kills {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    return M("{seat} buries {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)


def _pay(s: State, card: int, log: Log) -> None:
    s.hands[s.seat].remove(card)
    s.table.append(card)
    if len(s.table) < s.due:
        return
    _settle_payment(s, log)
    _resolve(s, log)


def _settle_payment(s: State, log: Log) -> None:
    """Paying cards with the action's aptitude return to hand (Chapel: all, to bury)."""
    seat, act = s.seat, s.act
    chapel = act == "bury" and count_built(s, seat, "priest") > 0
    hand = s.hands[seat]
    for card in s.table:
        if chapel or APT[card] == act:
            hand.append(card)
            where = 0
        elif IS_PEASANT[card]:
            s.bistro.append(card)
            where = 1
        else:
            s.exit.append(card)
            where = 2
        if log is not None:
            log.append(Event(_goes(card, where), "pay", None, seat))
    s.table.clear()


def _goes(card: int, where: int) -> Message:
    """Where a paying card goes: back to the hand (0), the bistro (1), the exit pile (2)."""
    if where == 0:
        return M("{card:the^} goes back to the hand.", card=TERM[card])
    if where == 1:
        return M("{card:the^} goes to the bistro.", card=TERM[card])
    return M("{card:the^} goes to the exit pile.", card=TERM[card])


def _resolve(s: State, log: Log) -> None:
    act = s.act
    if act == "bribe":
        for t in s.targets:
            _leave_inn(s, t)
            s.hands[s.seat].append(t)
        end_turn(s, log)
    elif act == "kill":
        for t in s.targets:
            _leave_inn(s, t)
            s.corpses[s.seat].append(t)
        end_turn(s, log)
    elif act == "build":
        _build(s, s.targets[0], log)
    else:
        s.step = "site"


def _leave_inn(s: State, card: int) -> None:
    """Take a card out of its room or out of the bistro."""
    if IS_PEASANT[card]:
        s.bistro.remove(card)
    else:
        s.rooms[s.rooms.index(card)] = EMPTY


def _take_peasants(s: State, count: int, log: Log) -> None:
    taken = s.bistro[-count:]
    del s.bistro[-count:]
    s.hands[s.seat].extend(taken)
    if log is not None:
        log.append(
            Event(
                M(
                    "{seat} bribes {count} peasant(s) from the bistro.",
                    seat=SEATS[s.seat],
                    count=count,
                ),
                "bribe",
                None,
                s.seat,
            )
        )
    end_turn(s, log)


def _bury(s: State, annex: int, log: Log) -> None:
    seat = s.seat
    corpse = s.targets.pop(0)
    s.corpses[seat].remove(corpse)
    s.buried[annex].append(corpse)
    s.buried_by[seat] += 1
    keeper = owner(s, annex)
    money = MONEY[corpse]
    if keeper == seat:
        got, half = gain(s, seat, money), 0
    else:
        got, half = gain(s, seat, money // 2), gain(s, keeper, money // 2)
    if log is not None:
        if keeper == seat:
            text = M(
                "{seat} buries {corpse:the} under {annex:the} and gains {gain}.",
                seat=SEATS[seat],
                corpse=TERM[corpse],
                annex=annex_term(annex),
                gain=Gain(got, money),
            )
        else:
            text = M(
                "{seat} buries {corpse:the} under {annex:the} and gains {gain}; {keeper} gets "
                "{share}.",
                seat=SEATS[seat],
                corpse=TERM[corpse],
                annex=annex_term(annex),
                gain=Gain(got, money // 2),
                keeper=SEATS[keeper],
                share=Gain(half, money // 2),
            )
        log.append(
            Event(
                text,
                "bury",
                None,
                seat,
            )
        )
    if not s.targets:
        end_turn(s, log)


# -- building and the annex effects ---------------------------------------------------------
def _build(s: State, card: int, log: Log) -> None:
    seat = s.seat
    s.hands[seat].remove(card)
    s.annexes[seat].append(card)
    s.buried[card] = []
    if log is not None:
        log.append(
            Event(
                M(
                    "{seat} builds {annex:the} ({card:the}).",
                    seat=SEATS[seat],
                    annex=annex_term(card),
                    card=TERM[card],
                ),
                "build",
                None,
                seat,
            )
        )
    key = KEY[card]
    if key in INSTANT_GAIN:
        _annex_gain(s, card, INSTANT_GAIN[key], log)
    elif key in COUNT_GAIN:
        family = COUNT_GAIN[key]
        _annex_gain(s, card, sum(1 for a in s.annexes[seat] if FAMILY[a] == family), log)
    if key == "concierge" and service_rooms(s):
        s.step = "service"
    elif key == "monk" and white_rooms(s):
        s.step = "keyroom"
    else:
        end_turn(s, log)


def _annex_gain(s: State, card: int, amount: int, log: Log) -> None:
    got = gain(s, s.seat, amount)
    if log is not None:
        text = M(
            "{seat} gains {gain} from {annex:the}.",
            seat=SEATS[s.seat],
            gain=Gain(got, amount),
            annex=annex_term(card),
        )
        log.append(Event(text, "gain", None, s.seat))


def _service(s: State, room: int, log: Log) -> None:
    s.service[room] = s.seat
    if log is not None:
        log.append(
            Event(
                M(
                    "{seat}'s Room Service token goes on room {room}.",
                    seat=SEATS[s.seat],
                    room=room + 1,
                ),
                "build",
                "I11",
                s.seat,
            )
        )
    end_turn(s, log)


def _key(s: State, room: int, log: Log) -> None:
    s.keys[room] = s.seat
    if log is not None:
        log.append(
            Event(
                M(
                    "{seat}'s key replaces the white key of room {room}.",
                    seat=SEATS[s.seat],
                    room=room + 1,
                ),
                "build",
                None,
                s.seat,
            )
        )
    end_turn(s, log)


def _launder(s: State, n: int, log: Log) -> None:
    seat = s.seat
    text: Message
    if n > 0:
        s.cash[seat] -= 10 * n
        s.cheques[seat] += n
        text = M(
            "{seat} launders {money}F into {count} cheque(s).",
            seat=SEATS[seat],
            money=10 * n,
            count=n,
        )
    elif n < 0:
        s.cheques[seat] += n
        got = gain(s, seat, -10 * n)
        text = M(
            "{seat} cashes {count} cheque(s) and gains {gain}.",
            seat=SEATS[seat],
            count=-n,
            gain=Gain(got, -10 * n),
        )
    else:
        text = M("{seat} launders nothing.", seat=SEATS[seat])
    if log is not None:
        log.append(Event(text, "launder", "I3", seat))
    end_turn(s, log)
