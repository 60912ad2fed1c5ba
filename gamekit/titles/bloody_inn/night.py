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
    ACT,
    BURY_UNDER,
    END_TARGETS,
    KEY_ROOM,
    LAUNDER,
    PAY,
    SERVICE_ROOM,
    TAKE_PEASANTS,
    TARGET,
    Act,
)
from gamekit.titles.bloody_inn.cards import (
    APT,
    BUILD_RANK,
    BUILDABLE,
    COUNT_GAIN,
    DISCOUNT_ACT,
    FAMILY,
    INSTANT_GAIN,
    IS_PEASANT,
    KEY,
    MONEY,
    RANK,
    ROOM_RANK,
    ROOMS,
    TERM,
    annex_term,
    distinct_kinds,
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
from gamekit.titles.bloody_inn.terms import Gain, M, N

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
    base = -discount(s, seat, act) if act != "kill" and s.annexes[seat] else 0
    for t in chosen:
        base += RANK[t]
    room = spare - base
    if act == "bribe" or act == "kill":  # an empty room's rank is 99: never affordable
        out = [c for c in s.rooms if ROOM_RANK[c] <= room and c not in chosen]
        if act == "kill" and room >= 0:
            left = [p for p in s.bistro if p not in chosen]
            out += left[-1:]
        return out
    if act == "build":
        return distinct_kinds(c for c in s.hands[seat] if BUILDABLE[c] and RANK[c] < room)
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
    sweep (it runs before every night action): :func:`acts_of`, by name.
    """
    return [a.action for a in acts_of(s, seat) if isinstance(a, Act)]


_BRIBE, _BUILD, _KILL, _BURY, _PASS = (ACT[a] for a in ACT_ORDER)


def acts_of(s: State, seat: int) -> list[Action]:
    """:func:`possible_acts` as the interned :class:`Act` objects, in ``ACT_ORDER``.

    A guest is affordable when its rank fits the hand (plus the seat's discounts);
    with peasants in the bistro, a Bribe and a Kill always have a target.
    """
    cards = s.hands[seat]
    hand = len(cards)
    bribe_off = build_off = bury_off = 0
    built = s.annexes[seat]
    if built:
        for a in built:
            act = DISCOUNT_ACT[a]
            if act == "bribe":
                bribe_off += 1
            elif act == "build":
                build_off += 1
            elif act == "bury":
                bury_off += 1
    if s.bistro:
        bribe = kill = True
    else:
        cheapest = min(map(ROOM_RANK.__getitem__, s.rooms))
        bribe, kill = cheapest <= hand + bribe_off, cheapest <= hand
    out: list[Action] = [_BRIBE] if bribe else []
    if cards and min(map(BUILD_RANK.__getitem__, cards)) < hand + build_off:
        out.append(_BUILD)
    if kill:
        out.append(_KILL)
    corpses = s.corpses[seat]
    if corpses and min(map(RANK.__getitem__, corpses)) <= hand + bury_off and free_slots(s):
        out.append(_BURY)
    out.append(_PASS)
    return out


def launder_options(s: State, seat: int) -> list[int]:
    """Cheques one pass may make (positive) or cash (negative), 0 first (Ruling I3)."""
    make = min(s.cash[seat] // 10, reserve(s))
    return [0, *range(1, make + 1), *range(-1, -s.cheques[seat] - 1, -1)]


def may_launder(s: State, seat: int) -> bool:
    """True when :func:`launder_options` offers more than laundering nothing (Ruling I3)."""
    return s.cheques[seat] > 0 or (s.cash[seat] >= 10 and reserve(s) > 0)


def act_choices(s: State) -> list[Action]:
    """The ``act`` step: the actions :func:`possible_acts` offers (2 to 5)."""
    return acts_of(s, s.seat)


def target_choices(s: State) -> list[Action]:
    """The ``target`` step: the targets, then "no more targets" or the peasants to bribe."""
    seat, act, chosen = s.seat, s.act, s.targets
    out: list[Action] = [TARGET[c] for c in target_cards(s, seat, act, chosen)]
    if chosen:
        out.append(END_TARGETS)
    elif act == "bribe":
        out += [TAKE_PEASANTS[n] for n in peasant_offers(s, seat)]
    return out


def pay_choices(s: State) -> list[Action]:
    """The ``pay`` step: one card of each kind that may pay."""
    return [PAY[c] for c in payers(s)]


def site_choices(s: State) -> list[Action]:
    """The ``site`` step: every annex with room for the corpse."""
    return [BURY_UNDER[a] for a in sites(s)]


def service_choices(s: State) -> list[Action]:
    """The ``service`` step: the rooms the Room Service token may go on (Ruling I11)."""
    return [SERVICE_ROOM[r] for r in service_rooms(s)]


def key_room_choices(s: State) -> list[Action]:
    """The ``keyroom`` step: the white keys the Bedroom may replace."""
    return [KEY_ROOM[r] for r in white_rooms(s)]


def launder_choices(s: State) -> list[Action]:
    """The ``launder`` step: :func:`launder_options` (Ruling I3)."""
    return [LAUNDER[n] for n in launder_options(s, s.seat)]


def payers(s: State) -> list[int]:
    """Cards of the hand that may pay now (one of each kind; never the card built)."""
    return distinct_kinds(c for c in s.hands[s.seat] if c not in s.targets)


def service_rooms(s: State) -> list[int]:
    """Open rooms without a Room Service token (Ruling I11)."""
    return [r for r in range(ROOMS) if s.keys[r] != NO_KEY and s.service[r] == NO_TOKEN]


def white_rooms(s: State) -> list[int]:
    """Rooms with a white key (the Bedroom replaces one)."""
    return [r for r in range(ROOMS) if s.keys[r] == WHITE]


# -- applying -------------------------------------------------------------------------
def choose_act(s: State, act: str, log: Log) -> None:
    """The night action chosen: its targets next, or (passing) laundering or the next turn."""
    if act != "pass":
        s.act, s.step = act, "target"
        return
    if log is not None:
        log.append(Event(M("{seat} passes.", seat=SEATS[s.seat]), "pass", None, s.seat))
    if s.unlimited or not may_launder(s, s.seat):
        end_turn(s, log)
        return
    s.act, s.step = "pass", "launder"


def add_target(s: State, card: int, log: Log) -> None:
    """One more target; with a Shop, Butcher's Shop or Crypt more may follow (Ruling I5)."""
    s.targets.append(card)
    if has_multi(s, s.seat, s.act) and target_cards(s, s.seat, s.act, s.targets):
        return
    targets_done(s, log)


def targets_done(s: State, log: Log) -> None:
    """The targets are chosen: the price is due (Rulings I4, I5, I8), or nothing to pay."""
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
    cost = (
        N("it costs {count} card", "it costs {count} cards", s.due, count=s.due)
        if s.due
        else M("it costs nothing")
    )
    seat = SEATS[s.seat]
    if s.act == "bribe":
        return M("{seat} bribes {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    if s.act == "build":
        return M("{seat} builds {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    if s.act == "kill":
        return M("{seat} kills {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)
    return M("{seat} buries {targets:the}: {cost}.", seat=seat, targets=targets, cost=cost)


def pay(s: State, card: int, log: Log) -> None:
    """One card played towards the price; the last one settles it and the action resolves."""
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


def take_peasants(s: State, count: int, log: Log) -> None:
    """Bribe: the top ``count`` peasants of the bistro join the hand, for free."""
    taken = s.bistro[-count:]
    del s.bistro[-count:]
    s.hands[s.seat].extend(taken)
    if log is not None:
        log.append(
            Event(
                N(
                    "{seat} bribes {count} peasant from the bistro.",
                    "{seat} bribes {count} peasants from the bistro.",
                    count,
                    seat=SEATS[s.seat],
                    count=count,
                ),
                "bribe",
                None,
                s.seat,
            )
        )
    end_turn(s, log)


def bury(s: State, annex: int, log: Log) -> None:
    """The next corpse goes under ``annex``: its money to the buryer, or half to the owner."""
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


def place_service_token(s: State, room: int, log: Log) -> None:
    """The Room Service token goes on ``room`` (Ruling I11)."""
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


def replace_white_key(s: State, room: int, log: Log) -> None:
    """The Bedroom's builder puts their key on ``room`` instead of the white key."""
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


def launder(s: State, n: int, log: Log) -> None:
    """After passing: ``n`` cheques made from cash (or ``-n`` cashed), Ruling I3."""
    seat = s.seat
    got = 0
    if n > 0:
        s.cash[seat] -= 10 * n
        s.cheques[seat] += n
    elif n < 0:
        s.cheques[seat] += n
        got = gain(s, seat, -10 * n)
    if log is not None:
        log.append(Event(_laundered(seat, n, got), "launder", "I3", seat))
    end_turn(s, log)


def _laundered(seat: int, n: int, got: int) -> Message:
    """The narration of a pass's laundering: ``n`` cheques made (or ``-n`` cashed for
    ``got`` F), or nothing (Ruling I3)."""
    if n > 0:
        return N(
            "{seat} launders {money}F into {count} cheque.",
            "{seat} launders {money}F into {count} cheques.",
            n,
            seat=SEATS[seat],
            money=10 * n,
            count=n,
        )
    if n < 0:
        return N(
            "{seat} cashes {count} cheque and gains {gain}.",
            "{seat} cashes {count} cheques and gains {gain}.",
            -n,
            seat=SEATS[seat],
            count=-n,
            gain=Gain(got, -10 * n),
        )
    return M("{seat} launders nothing.", seat=SEATS[seat])
