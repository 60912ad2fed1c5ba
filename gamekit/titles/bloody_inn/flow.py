"""The Bloody Inn's round: set-up, evening (welcome), morning and the end of the game.

Each function moves the state forward through every automatic step and stops
at the next decision (``state.step`` and ``state.seat`` name it) or at the end.
``log`` is a list of events, or ``None`` on the lean path.
"""

from __future__ import annotations

from gamekit.core.actions import Event
from gamekit.core.i18n import Listing, Message
from gamekit.core.names import SEATS
from gamekit.core.rng import Rng, derive_seed
from gamekit.titles.bloody_inn.cards import (
    END_COLOUR_GAIN,
    FAMILY,
    IS_PEASANT,
    KEY,
    PEASANTS,
    RANK,
    REMOVED,
    ROOMS,
    START_CASH,
    TERM,
    TRAVELLERS,
    WHITE_KEYS,
    annex_term,
)
from gamekit.titles.bloody_inn.state import (
    EMPTY,
    NO_KEY,
    WHITE,
    Config,
    State,
    barn,
    count_built,
    gain,
    morning_income,
    police_present,
    settle_fine,
    wages_owed,
    wealth,
)
from gamekit.titles.bloody_inn.terms import Gain, M, N

Log = list[Event] | None
_ROOM_IDS = range(ROOMS)


# -- set-up ----------------------------------------------------------------------
def initial_state(config: Config, seed: int) -> State:
    """Deal the set-up: remove travellers unseen, peasants, cash and cheques.

    >>> s = initial_state(Config(players=2, length="short"), seed=1)
    >>> len(s.entrance), len(s.removed), s.hands[0], s.cash, s.cheques, s.step
    (35, 35, [70, 71], [5, 5], [1, 1], 'key')
    """
    players = config.players
    deck = Rng(seed).shuffled(TRAVELLERS)
    cut = REMOVED[players][config.length]
    hands = [[PEASANTS[2 * i], PEASANTS[2 * i + 1]] for i in range(players)]
    spare = list(PEASANTS[2 * players :])
    bistro = spare[:2] if players == 1 else []
    unlimited = config.unlimited_wealth
    state = State(
        players=players,
        seed=seed,
        fcfs=config.first_come_first_served,
        unlimited=unlimited,
        long=config.length == "long",
        entrance=deck[cut:],
        removed=deck[:cut],
        box=spare[len(bistro) :],
        bistro=bistro,
        hands=hands,
        cash=[START_CASH + (10 if unlimited else 0)] * players,
        cheques=[0 if unlimited else 1] * players,
        first=config.first_player,
        seat=config.first_player,
    )
    state.corpses = [[] for _ in range(players)]
    state.annexes = [[] for _ in range(players)]
    state.buried = {barn(i): [] for i in range(players)}
    state.buried_by = [0] * players
    return state


def place_key(s: State, room: int, log: Log) -> None:
    """A player's own key goes on ``room``; after the last one, white keys (Ruling I7)."""
    s.keys[room] = s.seat
    if log is not None:
        log.append(
            Event(
                M("{seat} puts their key on room {room}.", seat=SEATS[s.seat], room=room + 1),
                "key",
                "I7",
                s.seat,
            )
        )
    placed = sum(1 for k in s.keys if k >= 0)
    if placed < s.players:
        s.seat = (s.seat + 1) % s.players
        return
    white = [r for r in range(ROOMS) if s.keys[r] == NO_KEY][: WHITE_KEYS[s.players]]
    for r in white:
        s.keys[r] = WHITE
    if log is not None:
        rooms = Listing(tuple(r + 1 for r in white), "and")
        text = M("White keys open rooms {rooms} (they earn nobody).", rooms=rooms)
        log.append(Event(text, "key", "I7"))
    start_evening(s, log)


# -- evening ---------------------------------------------------------------------
def start_evening(s: State, log: Log) -> None:
    """Begin a round: the first player welcomes travellers."""
    s.seat = s.first
    if log is not None:
        text = M(
            "Round {round}: {seat} welcomes the travellers.", round=s.round, seat=SEATS[s.first]
        )
        log.append(Event(text, "round"))
    welcome(s, log)


def empty_rooms(s: State) -> list[int]:
    """Open rooms without a traveller, in door order."""
    rooms, keys = s.rooms, s.keys
    return [r for r in _ROOM_IDS if rooms[r] == EMPTY and keys[r] != NO_KEY]


def welcome(s: State, log: Log) -> None:
    """Draw and lodge travellers until the inn is full or a choice is needed (Ruling I2).

    The open rooms without a traveller are counted, not listed (a room without a key
    never holds one, so they are the empty rooms less the closed ones): the list is
    made only when one traveller goes to the first of them.
    """
    rooms, keys = s.rooms, s.keys
    closed = keys.count(NO_KEY)
    while True:
        free = rooms.count(EMPTY) - closed
        if not free:
            if not s.entrance and s.exhausted == 1:
                _ran_out_as_the_inn_fills(s, log)
            start_night(s, log)
            return
        if not s.entrance and not _refill(s, log):
            _last_round(s, log)
            return
        if s.fcfs or free == 1:
            lodge(s, empty_rooms(s)[0], log)
            continue
        s.step, s.seat = "place", s.first
        return


def _refill(s: State, log: Log) -> bool:
    """The entrance pile is empty: the first time, the exit pile is shuffled in (I2)."""
    s.exhausted += 1
    if s.exhausted == 1:
        s.entrance = s.exit
        s.exit = []
        Rng(derive_seed(s.seed, "reshuffle", 1)).shuffle(s.entrance)
        if log is not None:
            log.append(
                Event(
                    M(
                        "The entrance pile is empty: the {count} cards of the exit pile are "
                        "shuffled into a new entrance pile.",
                        count=len(s.entrance),
                    ),
                    "reshuffle",
                    "I2",
                )
            )
        if s.entrance:
            return True
        s.exhausted += 1
    return False


def _ran_out_as_the_inn_fills(s: State, log: Log) -> None:
    """The new pile's last traveller filled the inn: it ran out a second time, and this
    round is the last (Ruling I2), with no round announced after it."""
    s.exhausted, s.last_round = 2, True
    if log is not None:
        log.append(
            Event(
                M(
                    "The last traveller of the entrance pile fills the inn: the pile is empty "
                    "again, so this round is the last."
                ),
                "end",
                "I2",
            )
        )


def _last_round(s: State, log: Log) -> None:
    """The pile ran out a second time: this round is the last, or the game ends now (I2)."""
    s.last_round = True
    guests = sum(1 for c in s.rooms if c != EMPTY)
    if guests < s.players:
        if log is not None:
            log.append(
                Event(
                    _too_few(guests, s.players),
                    "end",
                    "I2",
                )
            )
        for r in range(ROOMS):
            if s.rooms[r] != EMPTY:
                s.exit.append(s.rooms[r])
                s.rooms[r] = EMPTY
        finish(s, log)
        return
    if log is not None:
        text = M("The entrance pile is empty again: this round is the last.")
        log.append(Event(text, "end", "I2"))
    start_night(s, log)


def lodge(s: State, room: int, log: Log) -> None:
    """The entrance pile's top traveller sleeps in ``room``; Room Service pays (Ruling I11)."""
    card = s.entrance.pop()
    s.rooms[room] = card
    if log is not None:
        text = M("{card:the^} takes room {room}.", card=TERM[card], room=room + 1)
        log.append(Event(text, "lodge", None, None))
    holder = s.service[room]
    if holder >= 0 and RANK[card] > 0:
        got = gain(s, holder, RANK[card])
        if log is not None:
            text = M(
                "Room Service: {seat} gains {gain}.", seat=SEATS[holder], gain=Gain(got, RANK[card])
            )
            log.append(Event(text, "gain", "I11", holder))


# -- night -------------------------------------------------------------------------
def start_night(s: State, log: Log) -> None:
    """Two passes of one action each, from the first player."""
    s.turn = 0
    s.seat = s.first
    s.step = "act"
    if log is not None:
        log.append(Event(M("Night falls: each player takes an action, twice."), "night"))


def end_turn(s: State, log: Log) -> None:
    """The acting player is done: the next one acts, or morning comes."""
    s.act = ""
    s.targets.clear()
    s.due = 0
    s.turn += 1
    if s.turn < 2 * s.players:
        s.seat = (s.first + s.turn) % s.players
        s.step = "act"
        return
    morning(s, log)


# -- morning -------------------------------------------------------------------------
def morning(s: State, log: Log) -> None:
    """Police (which may ask how to pay), travellers leave, then wages (which may ask)."""
    if police_present(s) and not _police_from(s, 0, log):
        return
    _after_police(s, log)


def _after_police(s: State, log: Log) -> None:
    _travellers_leave(s, log)
    wages_from(s, 0, log)


def _police_from(s: State, start: int, log: Log) -> bool:
    """10F per unburied corpse, seats from ``start``; the corpses leave (Ruling I9).

    False when the morning stops: a payer must choose cash or a cheque, or a
    solo player lost (Ruling I10).
    """
    for seat in range(start, s.players):
        corpses = s.corpses[seat]
        if not corpses:
            continue
        if s.players == 1:
            s.lost = True
            s.step = "over"
            if log is not None:
                log.append(
                    Event(
                        M(
                            "The police find an unburied corpse: the solo innkeeper is "
                            "arrested and loses."
                        ),
                        "lose",
                        "I10",
                        seat,
                    )
                )
            return False
        if not _start_fine(s, seat, "police", log):
            return False
    return True


def _start_fine(s: State, seat: int, who: str, log: Log, ask: bool = True) -> bool:
    """``seat`` owes 10F per unburied corpse to ``who`` (``"police"`` or ``"gravedigger"``).

    Pays every 10F that leaves no choice; False when the payer must choose cash
    or a cheque (``step`` becomes ``"fine"``, ``due`` the F still owed).
    """
    s.act, s.due = who, 10 * len(s.corpses[seat])
    if _settle_fine(s, seat, ask):
        _fine_done(s, seat, log)
        return True
    s.step, s.seat = "fine", seat
    if log is not None:
        if who == "police":
            text = N(
                "{seat} owes the police {due}F for {count} unburied corpse and chooses, "
                "for each 10F, cash or a cheque.",
                "{seat} owes the police {due}F for {count} unburied corpses and chooses, "
                "for each 10F, cash or a cheque.",
                len(s.corpses[seat]),
                seat=SEATS[seat],
                due=s.due,
                count=len(s.corpses[seat]),
            )
        else:
            text = N(
                "{seat} owes the gravedigger {due}F for {count} unburied corpse and "
                "chooses, for each 10F, cash or a cheque.",
                "{seat} owes the gravedigger {due}F for {count} unburied corpses and "
                "chooses, for each 10F, cash or a cheque.",
                len(s.corpses[seat]),
                seat=SEATS[seat],
                due=s.due,
                count=len(s.corpses[seat]),
            )
        log.append(
            Event(
                text,
                who if who == "police" else "end",
                "I9",
                seat,
            )
        )
    return False


def _settle_fine(s: State, seat: int, ask: bool) -> bool:
    """Pay the 10F shares of ``s.due`` that need no choice (Ruling I9,
    :func:`~gamekit.titles.bloody_inn.state.settle_fine`); True when the fine is settled,
    False when the payer must choose cash or a cheque (unless ``ask`` is off: a lost
    solo game pays cash first)."""
    s.cash[seat], s.cheques[seat], s.due, settled = settle_fine(
        s.cash[seat], s.cheques[seat], s.due, ask
    )
    return settled


def pay_fine(s: State, by: str, log: Log) -> None:
    """The payer chose how to pay the next 10F; settle the rest and go on (Ruling I9)."""
    seat, who = s.seat, s.act
    if by == "cheque":
        s.cheques[seat] -= 1
    else:
        s.cash[seat] -= 10
    s.due -= 10
    if log is not None:
        if who == "police":
            if by == "cheque":
                text = M("{seat} pays 10F of the police fine with a cheque.", seat=SEATS[seat])
            else:
                text = M("{seat} pays 10F of the police fine in cash.", seat=SEATS[seat])
        elif by == "cheque":
            text = M("{seat} pays 10F to the gravedigger with a cheque.", seat=SEATS[seat])
        else:
            text = M("{seat} pays 10F to the gravedigger in cash.", seat=SEATS[seat])
        log.append(
            Event(
                text,
                "police" if who == "police" else "end",
                "I9",
                seat,
            )
        )
    if not _settle_fine(s, seat, True):
        return
    _fine_done(s, seat, log)
    if who == "police":
        if _police_from(s, seat + 1, log):
            _after_police(s, log)
        return
    _end_annexes(s, seat, log)
    finish(s, log, seat + 1)


def _fine_done(s: State, seat: int, log: Log) -> None:
    """The fine is settled (in full or as far as the money went): the corpses leave."""
    corpses = s.corpses[seat]
    paid = 10 * len(corpses) - s.due
    s.gone.extend(corpses)
    if log is not None:
        if s.act == "police":
            text = N(
                "The police investigate: {seat} pays {paid}F to the gravedigger for {count} "
                "unburied corpse, which leaves the game.",
                "The police investigate: {seat} pays {paid}F to the gravedigger for {count} "
                "unburied corpses, which leave the game.",
                len(corpses),
                seat=SEATS[seat],
                paid=paid,
                count=len(corpses),
            )
        else:
            text = N(
                "The gravedigger takes {seat}'s {count} unburied corpse for {paid}F.",
                "The gravedigger takes {seat}'s {count} unburied corpses for {paid}F.",
                len(corpses),
                seat=SEATS[seat],
                count=len(corpses),
                paid=paid,
            )
        log.append(Event(text, "police" if s.act == "police" else "end", "I9", seat))
    corpses.clear()
    s.act, s.due = "", 0


def _travellers_leave(s: State, log: Log) -> None:
    """1F per traveller in a room with your key, +2F per Gardens; rooms empty (Ruling I12)."""
    rooms, keys = s.rooms, s.keys
    earnings = [0] * s.players
    for r in range(ROOMS):
        card = rooms[r]
        if card != EMPTY:
            holder = keys[r]
            if holder >= 0:
                earnings[holder] += 1
            s.exit.append(card)
            rooms[r] = EMPTY
    annexes = s.annexes
    for seat in range(s.players):
        gardens = count_built(s, seat, "gardener") if annexes[seat] else 0
        earned = morning_income(earnings[seat], gardens)
        if earned:
            got = gain(s, seat, earned)
            if log is not None:
                log.append(
                    Event(
                        M(
                            "Travellers leave: {seat} earns {gain}.",
                            seat=SEATS[seat],
                            gain=Gain(got, earned),
                        ),
                        "gain",
                        "I12",
                        seat,
                    )
                )


def wages_from(s: State, k: int, log: Log) -> None:
    """Wages for the seats from the ``k``-th after the first player (Ruling I6)."""
    players, first, cash, annexes = s.players, s.first, s.cash, s.annexes
    for i in range(k, players):
        seat = (first + i) % players
        hand = s.hands[seat]
        owed = wages_owed(len(hand), count_built(s, seat, "distiller") if annexes[seat] else 0)
        if cash[seat] >= owed:
            cash[seat] -= owed
            if owed and log is not None:
                text = M("{seat} pays {owed}F of wages.", seat=SEATS[seat], owed=owed)
                log.append(Event(text, "wages", None, seat))
            continue
        unpaid = owed - s.cash[seat]
        if log is not None:
            log.append(
                Event(
                    N(
                        "{seat} can pay only {cash}F of {owed}F of wages: {unpaid} card "
                        "must leave their hand.",
                        "{seat} can pay only {cash}F of {owed}F of wages: {unpaid} cards "
                        "must leave their hand.",
                        unpaid,
                        seat=SEATS[seat],
                        cash=s.cash[seat],
                        owed=owed,
                        unpaid=unpaid,
                    ),
                    "wages",
                    "I6",
                    seat,
                )
            )
        s.cash[seat] = 0
        if unpaid < len(hand):
            s.step, s.seat, s.due = "wages", seat, unpaid
            return
        while hand:
            dismiss(s, seat, hand[-1], log)
    _end_round(s, log)


def dismiss(s: State, seat: int, card: int, log: Log) -> None:
    """An unpaid card leaves: a traveller to the exit pile, a peasant to the bistro (I6)."""
    s.hands[seat].remove(card)
    (s.bistro if IS_PEASANT[card] else s.exit).append(card)
    if log is not None:
        if IS_PEASANT[card]:
            text = M("Unpaid, {card:the} goes to the bistro.", card=TERM[card])
        else:
            text = M("Unpaid, {card:the} goes to the exit pile.", card=TERM[card])
        log.append(Event(text, "wages", "I6", seat))


def after_dismiss(s: State, log: Log) -> None:
    """One more card left; go on with the wages when enough have."""
    s.due -= 1
    if s.due == 0:
        wages_from(s, (s.seat - s.first) % s.players + 1, log)


def _end_round(s: State, log: Log) -> None:
    s.first = (s.first + 1) % s.players
    if s.last_round:
        finish(s, log)
        return
    s.round += 1
    start_evening(s, log)


# -- end of the game ---------------------------------------------------------------------
def finish(s: State, log: Log, start: int = 0) -> None:
    """The gravedigger, the end-of-game annexes, seat by seat from ``start``; then the
    game is over (the gravedigger may first ask how to pay: Ruling I9)."""
    for seat in range(start, s.players):
        if not _gravedigger(s, seat, log):
            return
        _end_annexes(s, seat, log)
    s.step = "over"
    if s.players == 1 and not s.long and not s.lost and log is not None:
        log.append(
            Event(
                M(
                    "The short solo game ends with {wealth}F. The print rates innkeepers in "
                    "the long game only: this score has no official rating.",
                    wealth=wealth(s, 0),
                ),
                "end",
                "I10",
                0,
            )
        )


def _gravedigger(s: State, seat: int, log: Log) -> bool:
    """10F per unburied corpse (Ruling I9); False when the payer must choose how."""
    if not s.corpses[seat]:
        return True
    if s.players == 1:
        s.lost = True
        if log is not None:
            log.append(
                Event(
                    M("The game ends with an unburied corpse: the solo innkeeper loses."),
                    "lose",
                    "I10",
                    seat,
                )
            )
    return _start_fine(s, seat, "gravedigger", log, ask=not s.lost)


def _end_annexes(s: State, seat: int, log: Log) -> None:
    """Park, Grocery, Stables, Bishopric: 4F per card of their colour in the exit pile;
    Greenhouse: 3F per cheque (with unlimited wealth, per 10F held: Ruling I13)."""
    cheques = s.cash[seat] // 10 if s.unlimited else s.cheques[seat]
    for annex in s.annexes[seat]:
        key = KEY[annex]
        ruling = None
        if key in END_COLOUR_GAIN:
            family = END_COLOUR_GAIN[key]
            amount = 4 * sum(1 for c in s.exit if FAMILY[c] == family)
        elif key == "prince":
            amount = 3 * cheques
            ruling = "I13" if s.unlimited else None
        else:
            continue
        got = gain(s, seat, amount)
        if log is not None:
            log.append(
                Event(
                    M(
                        "End of the game: {seat}'s {annex:name} pays {gain}.",
                        seat=SEATS[seat],
                        annex=annex_term(annex),
                        gain=Gain(got, amount),
                    ),
                    "end",
                    ruling,
                    seat,
                )
            )


def _too_few(guests: int, players: int) -> Message:
    """Ruling I2's early end: fewer travellers in the inn than players."""
    if guests == 0:
        return M(
            "The entrance pile is empty again and no traveller is in the inn, fewer than the "
            "{players} players: the game ends at once.",
            players=players,
        )
    return N(
        "The entrance pile is empty again and only {guests} traveller is in the inn, fewer "
        "than the {players} players: the game ends at once.",
        "The entrance pile is empty again and only {guests} travellers are in the inn, fewer "
        "than the {players} players: the game ends at once.",
        guests,
        guests=guests,
        players=players,
    )
