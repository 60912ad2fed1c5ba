"""Reading a learner's answer safely, and computing it exactly at a point.

:func:`read` turns an answer string into a SymPy object with a small grammar of
its own (a recursive-descent parser over tokens). It never evaluates Python:
no ``eval``, no ``sympify`` on the text. It reads

- numbers (``3``, ``0.25``), percentages (``71%``), ``+ - * /``, parentheses;
- powers ``a ** b`` whose exponent is a whole number from -100 to 100;
- ``binomial(a, b)``, ``factorial(a)``, ``Rational(a, b)``;
- the letters (symbols) the exercise names.

Everything is bounded (the length of the text, the digits of a number, the
nesting, the size of every number computed), so an answer is read or refused
in a few milliseconds. Anything else raises :class:`Unreadable` with a message
a learner understands.

>>> read("3/8 + 1/8")
1/2
>>> read("71%")
71/100
>>> read("(g - 1)/(f*g - 1)", ("g", "f"))
(g - 1)/(f*g - 1)
>>> try:
...     read("import os")
... except Unreadable as err:
...     print(err)
I can read numbers, fractions like 3/8, \
percentages like 71%, + - * / ** and parentheses, binomial(a, b), factorial(a) and \
Rational(a, b); I could not read 'import os'.

:func:`value_at` computes a SymPy expression (an answer, or an exercise's
exact answer) exactly, as a ``Fraction``, at given values of its symbols, with
the same size limits.

>>> value_at(read("binomial(n, 2)", ("n",)), {"n": 5})
Fraction(10, 1)
"""

from __future__ import annotations

import itertools
import math
import numbers
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import sympy

from gamekit.core.i18n import CORE, Listing, Message

MAX_LENGTH = 400
"""The longest answer text read, in characters."""
MAX_DIGITS = 30
"""The most digits in one number of an answer."""
MAX_DEPTH = 30
"""The deepest nesting of parentheses, signs and powers."""
MAX_EXPONENT = 100
"""Exponents are whole numbers from ``-MAX_EXPONENT`` to ``MAX_EXPONENT``."""
MAX_BITS = 20_000
"""The largest numerator or denominator computed (about 6,000 digits)."""
MAX_NODES = 2_000
"""The largest SymPy answer (counted in nodes) compared."""
FUNCTIONS = ("binomial", "factorial", "Rational")
ALIASES = {"C": "binomial", "nCr": "binomial", "comb": "binomial", "choose": "binomial"}
"""Other spellings of ``binomial`` a learner meets (``C(41, 9)``, ``nCr(41, 9)``; a
calculator's ``41 nCr 9`` is read too); an exercise's own letter wins over them."""

_TOKEN = re.compile(
    r"\s*(?:(?P<number>\d+(?:\.\d*)?|\.\d+)|(?P<name>[A-Za-z_]\w*)|(?P<op>\*\*|[-+*/(),%]))"
)
_LOOKALIKES = str.maketrans({"−": "-", "–": "-", "×": "*", "·": "*", "÷": "/"})


class Unreadable(ValueError):
    """An answer the checker cannot read or compute; ``str(err)`` is a friendly message
    (a :class:`~gamekit.core.i18n.Message`, in the language in force when it is shown)."""


class TooBig(Unreadable):
    """A number too big to work with (in an answer, or in a formula at a point)."""


class Undefined(ArithmeticError):
    """A formula has no value at a point (a division by zero, a negative factorial)."""


def grammar(symbols: Sequence[str] = ()) -> str:
    """What :func:`read` understands, in a learner's words (in the language in force).

    >>> grammar(("t", "r"))
    'I can read numbers, fractions like 3/8, percentages like 71%, + - * / ** and \
parentheses, binomial(a, b), factorial(a) and Rational(a, b), and the letters t and r'
    """
    return str(_grammar(symbols))


def _grammar(symbols: Sequence[str] = ()) -> Message:
    """:func:`grammar` as a message, rendered when it is shown."""
    if symbols:
        return CORE(
            "I can read numbers, fractions like 3/8, percentages like 71%, + - * / ** and "
            "parentheses, binomial(a, b), factorial(a) and Rational(a, b), and the letters "
            "{letters}",
            letters=Listing(tuple(symbols), "and"),
        )
    return CORE(
        "I can read numbers, fractions like 3/8, percentages like 71%, + - * / ** and "
        "parentheses, binomial(a, b), factorial(a) and Rational(a, b)"
    )


def _quote(text: str, limit: int = 30) -> str:
    text = text.strip()
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def tokens(text: str) -> list[tuple[str, str, int]]:
    """Split an answer into (kind, text, position) tokens; ``Unreadable`` on anything else.

    >>> [t[1] for t in tokens("2**-3 + 71%")]
    ['2', '**', '-', '3', '+', '71', '%']
    """
    out: list[tuple[str, str, int]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            if text[pos:].lstrip().startswith("^"):
                raise Unreadable(CORE("I could not read '^': write powers with **, such as 2**3."))
            start = len(text) - len(text[pos:].lstrip())
            while start > 0 and not text[start - 1].isspace():
                start -= 1  # quote from the start of the word that holds the mistake
            raise Unreadable(
                CORE(
                    "{grammar}; I could not read {text}.",
                    grammar=_grammar(),
                    text=_quote(text[start:]),
                )
            )
        kind = match.lastgroup
        assert kind is not None
        out.append((kind, match.group(kind), match.start(kind)))
        pos = match.end()
    return out


class _Parser:
    """Recursive descent over the tokens, building SymPy objects as it goes.

    expr := term (("+" | "-") term)*        term := unary (("*" | "/") unary)*
    unary := ("+" | "-") unary | power      power := atom ("**" unary)?
    atom := number "%"? | name | name "(" expr ("," expr)* ")" | "(" expr ")"
    """

    def __init__(self, text: str, symbols: Sequence[str]) -> None:
        self.text = text
        self.symbols = tuple(symbols)
        self.names = {name: sympy.Symbol(name) for name in symbols}
        self.toks = tokens(text)
        self.i = 0
        self.depth = 0

    # -- helpers ------------------------------------------------------------------------

    def peek(self) -> str | None:
        return self.toks[self.i][1] if self.i < len(self.toks) else None

    def fail(self, at: int | None = None) -> Unreadable:
        i = self.i if at is None else at
        if i >= len(self.toks):
            return Unreadable(
                CORE(
                    "{grammar}; your answer {text} stops too early "
                    "(something is missing at the end).",
                    grammar=_grammar(self.symbols),
                    text=_quote(self.text),
                )
            )
        rest = self.text[self.toks[i][2] :]
        return Unreadable(
            CORE(
                "{grammar}; I could not read {text}.",
                grammar=_grammar(self.symbols),
                text=_quote(rest),
            )
        )

    def expect(self, op: str) -> None:
        if self.peek() != op:
            raise self.fail()
        self.i += 1

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unreadable(
                CORE(
                    "Your answer nests more than {depth} brackets, signs or powers inside "
                    "each other; write it more simply.",
                    depth=MAX_DEPTH,
                )
            )

    # -- grammar ------------------------------------------------------------------------

    def parse(self) -> Any:
        if not self.toks:
            raise Unreadable(CORE("The answer is empty: write a number or a formula."))
        value = self.expr()
        if self.i != len(self.toks):
            raise self.fail()
        return value

    def expr(self) -> Any:
        value = self.term()
        while self.peek() in ("+", "-"):
            op = self.toks[self.i][1]
            self.i += 1
            right = self.term()
            value = _checked(value + right if op == "+" else value - right)
        return value

    def term(self) -> Any:
        value = self.unary()
        while self.peek() in ("*", "/"):
            op = self.toks[self.i][1]
            self.i += 1
            right = self.unary()
            if op == "/":
                if right == 0:
                    raise Unreadable(CORE("Your answer divides by zero."))
                value = _checked(value / right)
            else:
                value = _checked(value * right)
        return value

    def unary(self) -> Any:
        if self.peek() in ("+", "-"):
            op = self.toks[self.i][1]
            self.i += 1
            self.nest()
            value = self.unary()
            self.depth -= 1
            return -value if op == "-" else value
        return self.power()

    def power(self) -> Any:
        base = self.atom()
        if self.peek() == "nCr" and "nCr" not in self.names:  # a calculator's 41 nCr 9
            self.i += 1
            return call("binomial", [base, self.atom()])
        if self.peek() != "**":
            return base
        self.i += 1
        self.nest()
        exponent = self.unary()
        self.depth -= 1
        return power(base, exponent)

    def atom(self) -> Any:
        if self.i >= len(self.toks):
            raise self.fail()
        kind, text, _ = self.toks[self.i]
        if kind == "number":
            self.i += 1
            value = _number(text)
            if self.peek() == "%":
                self.i += 1
                value = value / 100
            return value
        if text == "(":
            self.i += 1
            self.nest()
            value = self.expr()
            self.expect(")")
            self.depth -= 1
            return value
        if kind == "name" and text in ALIASES and text not in self.names:
            text = ALIASES[text]
        if kind == "name" and text in FUNCTIONS:
            start = self.i
            self.i += 1
            if self.peek() != "(":
                raise self.fail(start)
            self.i += 1
            self.nest()
            args = [self.expr()]
            while self.peek() == ",":
                self.i += 1
                args.append(self.expr())
            self.expect(")")
            self.depth -= 1
            return call(text, args)
        if kind == "name" and text in self.names:
            self.i += 1
            return self.names[text]
        raise self.fail()


def _number(text: str) -> Any:
    if len(text.replace(".", "")) > MAX_DIGITS:
        raise Unreadable(
            CORE("A number in your answer has more than {digits} digits.", digits=MAX_DIGITS)
        )
    whole, _, decimals = text.partition(".")
    return sympy.Rational(int((whole or "0") + decimals), 10 ** len(decimals))


def _too_big() -> TooBig:
    return TooBig(CORE("A number in your answer is too big for me to work with."))


def _checked(value: Any) -> Any:
    """``value`` if it is not a too big number."""
    if isinstance(value, sympy.Rational) and _bits(value) > MAX_BITS:
        raise _too_big()
    return value


def _bits(value: sympy.Rational | Fraction) -> int:
    return max(abs(int(value.numerator)).bit_length(), int(value.denominator).bit_length())


def power(base: Any, exponent: Any) -> Any:
    """``base ** exponent`` with a whole exponent from -100 to 100, never too big.

    >>> power(sympy.Rational(2, 3), sympy.Integer(-2))
    9/4
    """
    if not (isinstance(exponent, sympy.Integer) and abs(int(exponent)) <= MAX_EXPONENT):
        raise Unreadable(
            CORE(
                "Powers must be whole numbers from -{most} to {most}, such as 2**3 or (1/2)**4.",
                most=MAX_EXPONENT,
            )
        )
    e = int(exponent)
    if isinstance(base, sympy.Rational):
        if base == 0 and e < 0:
            raise Unreadable(CORE("Your answer divides by zero."))
        if _bits(base) * abs(e) > MAX_BITS:
            raise _too_big()
    return _checked(base**exponent)


def call(name: str, args: Sequence[Any]) -> Any:
    """``binomial``, ``factorial`` or ``Rational`` of parsed arguments, sizes bounded.

    >>> call("binomial", [sympy.Integer(5), sympy.Integer(2)])
    10
    """
    wanted = {"binomial": 2, "factorial": 1, "Rational": 2}[name]
    if len(args) != wanted:
        if wanted == 1:
            raise Unreadable(CORE("{name} takes 1 number.", name=name))
        raise Unreadable(CORE("{name} takes {count} numbers.", name=name, count=wanted))
    if name == "Rational":
        a, b = args
        if not (isinstance(a, sympy.Rational) and isinstance(b, sympy.Rational)):
            raise Unreadable(CORE("Rational(a, b) takes two numbers, such as Rational(3, 8)."))
        if b == 0:
            raise Unreadable(CORE("Your answer divides by zero."))
        return _checked(a / b)
    numbers = [a for a in args if a.is_number]
    if any(not isinstance(a, sympy.Integer) for a in numbers):
        example = f"{name}(5{', 2' * (wanted > 1)})"
        raise Unreadable(
            CORE("{name} needs whole numbers, such as {example}.", name=name, example=example)
        )
    if len(numbers) == len(args):
        ints = [int(a) for a in numbers]
        if name == "factorial":
            _factorial_size(ints[0])
        else:
            _binomial_size(ints[0], ints[1])
    fn = sympy.binomial if name == "binomial" else sympy.factorial
    return _checked(fn(*args))


def _factorial_size(n: int) -> None:
    if n < 0:
        raise Unreadable(CORE("factorial needs a whole number that is 0 or more."))
    if n > 2 and math.lgamma(n + 1) / math.log(2) > MAX_BITS:
        raise _too_big()


def _binomial_size(n: int, k: int) -> None:
    if n < 0 <= k:  # binomial(-a, k) = (-1)**k binomial(a + k - 1, k)
        n = k - n - 1
    if 0 <= k <= n:
        k = min(k, n - k)
        if k * math.log2(n + 1) <= MAX_BITS:  # an upper bound of the size
            return
        if n > 10**12:  # too large for lgamma to tell, and at least k bits
            raise _too_big()
        bits = (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)) / math.log(2)
        if bits > MAX_BITS:
            raise _too_big()


def read(answer: Any, symbols: Sequence[str] = ()) -> Any:
    """A learner's answer as a SymPy object; ``Unreadable`` (a friendly message) if it
    cannot be read safely.

    Strings go through the parser; ints, ``Fraction``\\ s and SymPy objects are
    taken as they are, after a size check.

    >>> read(" 2 ** -2 "), read(3), read(Fraction(1, 4))
    (1/4, 3, 1/4)
    """
    if isinstance(answer, bool):
        raise Unreadable(CORE("{value} is not a number.", value=answer))
    if isinstance(answer, str):
        if len(answer) > MAX_LENGTH:
            raise Unreadable(
                CORE(
                    "Your answer is {length} characters long; I read answers of at most "
                    "{most} characters.",
                    length=len(answer),
                    most=MAX_LENGTH,
                )
            )
        return _Parser(answer.translate(_LOOKALIKES), symbols).parse()
    if isinstance(answer, numbers.Integral):  # int, or a NumPy integer
        answer = int(answer)
        if answer.bit_length() > MAX_BITS:
            raise _too_big()
        return sympy.Integer(answer)
    if isinstance(answer, Fraction):
        if _bits(answer) > MAX_BITS:
            raise _too_big()
        return sympy.Rational(answer.numerator, answer.denominator)
    if isinstance(answer, sympy.Basic):
        size = sum(1 for _ in itertools.islice(sympy.preorder_traversal(answer), MAX_NODES + 1))
        if size > MAX_NODES:
            raise Unreadable(CORE("Your answer is too long a formula for me to check."))
        return answer
    raise Unreadable(
        CORE(
            "{grammar}; I could not read a {kind}.",
            grammar=_grammar(symbols),
            kind=type(answer).__name__,
        )
    )


# -- exact values at a point ----------------------------------------------------------------


def _frac(value: Fraction) -> Fraction:
    if _bits(value) > MAX_BITS:
        raise _too_big()
    return value


def _comb(n: Fraction, k: Fraction) -> Fraction:
    if n.denominator != 1 or k.denominator != 1:
        raise Undefined(CORE("binomial of a fraction"))
    a, b = int(n), int(k)
    if b < 0:
        return Fraction(0)
    _binomial_size(a, b)
    if a < 0:  # SymPy's convention: binomial(-a, b) = (-1)**b binomial(a + b - 1, b)
        return Fraction((-1) ** b * math.comb(b - a - 1, b))
    return Fraction(math.comb(a, b))


def _fact(n: Fraction) -> Fraction:
    if n.denominator != 1 or n < 0:
        raise Undefined(CORE("factorial of a negative number or a fraction"))
    _factorial_size(int(n))
    return Fraction(math.factorial(int(n)))


def _falling(x: Fraction, k: Fraction) -> Fraction:
    if k.denominator != 1 or k < 0 or k > 5_000:
        raise Undefined(CORE("falling factorial"))
    out = Fraction(1)
    for i in range(int(k)):
        out = _frac(out * (x - i))
    return out


def _rising(x: Fraction, k: Fraction) -> Fraction:
    if k.denominator != 1 or k < 0 or k > 5_000:
        raise Undefined(CORE("rising factorial"))
    out = Fraction(1)
    for i in range(int(k)):
        out = _frac(out * (x + i))
    return out


def _gamma(x: Fraction) -> Fraction:
    if x.denominator != 1 or x <= 0:
        raise Undefined(CORE("gamma"))
    return _fact(x - 1)


_CALLS: dict[type, Callable[..., Fraction]] = {
    sympy.binomial: _comb,
    sympy.factorial: _fact,
    sympy.FallingFactorial: _falling,
    sympy.RisingFactorial: _rising,
    sympy.gamma: _gamma,
}


def value_at(expr: Any, point: Mapping[str, int]) -> Fraction:
    """The exact value of ``expr`` with its symbols replaced by ``point``'s whole numbers.

    Raises :class:`Undefined` where the formula has no value (a division by
    zero), :class:`Unreadable` for a number too big or a part it cannot
    compute (a square root, an unknown function).

    >>> value_at(read("(g - 1)/(f*g - 1)", "gf"), {"g": 4, "f": 3})
    Fraction(3, 11)
    """
    if isinstance(expr, sympy.Rational):
        return _frac(Fraction(int(expr.numerator), int(expr.denominator)))
    if isinstance(expr, sympy.Symbol):
        if expr.name not in point:
            raise Unreadable(
                CORE(
                    "Your answer uses the letter {letter}, which this exercise does not.",
                    letter=expr.name,
                )
            )
        return Fraction(point[expr.name])
    if isinstance(expr, sympy.Add):
        total = Fraction(0)
        for arg in expr.args:
            total = _frac(total + value_at(arg, point))
        return total
    if isinstance(expr, sympy.Mul):
        product = Fraction(1)
        for arg in expr.args:
            product = _frac(product * value_at(arg, point))
        return product
    if isinstance(expr, sympy.Pow):
        exponent = expr.exp
        if not isinstance(exponent, sympy.Integer):
            raise Unreadable(
                CORE("I can only work with powers that are whole numbers, such as 2**3.")
            )
        base = value_at(expr.base, point)
        e = int(exponent)
        if base == 0 and e < 0:
            raise Undefined(CORE("division by zero"))
        if base != 0 and max(_bits(base), 1) * abs(e) > MAX_BITS:
            raise _too_big()
        return _frac(base**e)
    fn = _CALLS.get(type(expr)) or next((f for t, f in _CALLS.items() if isinstance(expr, t)), None)
    if fn is not None:
        return fn(*(value_at(arg, point) for arg in expr.args))
    raise Unreadable(
        CORE(
            "I can check answers made of numbers, + - * / **, binomial and factorial; "
            "I cannot compute {name} here.",
            name=_quote(str(expr.func)),
        )
    )
