"""What a generated function can see: variables with a bound on their
magnitude, loop counters with their range (for in-bounds indices), arrays
with their length, scopes, and the line-by-line output.

Layout rules the reducer relies on: one statement per line; a compound
statement opens with a line ending in '{' and closes with a line starting
with '}' ('} else {', '} while (...);' included)."""

N_MAX = 8
CAP_VAR = 32.0   # scalars are squashed above this bound
CAP_ELEM = 4.0   # array elements and helper arguments stay below this


class Var:
    """A floating-point scalar (local, parameter, reference, struct copy
    field) and an upper bound of its magnitude."""

    def __init__(self, name, bound, trip, cap=CAP_VAR, writable=True, fold=True):
        self.name = name
        self.bound = bound
        self.trip = trip          # loop trip product where it was declared
        self.cap = cap
        self.writable = writable
        self.read = not fold      # unread variables are folded into acc
        self.addressable = True


class IntVar:
    """An int in [0, hi): hi is a length symbol ('n', 'm') or an int."""

    def __init__(self, name, hi):
        self.name = name
        self.hi = hi
        self.used = False


class Arr:
    """A floating-point array of `length` elements ('n'/'m' or an int)."""

    def __init__(self, name, length, writable, kind, elem="double"):
        self.name = name
        self.length = length
        self.writable = writable
        self.kind = kind          # x p local vla heap global param select
        self.elem = elem
        self.bound = CAP_ELEM
        self.read = kind in ("x", "p", "param", "global")


class StructDef:
    def __init__(self, name, kw):
        self.name = name
        self.kw = kw              # 'struct S0' in C, 'S0' may be used in C++
        self.dfields = ["v", "w"]
        self.ifield = "k"
        self.nk = 3               # k in [0, nk)


class StructArr:
    def __init__(self, name, sdef, length):
        self.name = name
        self.sdef = sdef
        self.length = length


class StructVar:
    def __init__(self, name, sdef):
        self.name = name
        self.sdef = sdef


class Scope:
    def __init__(self, trip, loop=False):
        self.trip = trip
        self.loop = loop
        self.vars = []
        self.ints = []
        self.arrs = []
        self.sarrs = []
        self.svars = []
        self.heaps = []           # (name, free statement)
        self.objs = []            # C++ objects: (name, class, Var of its sum)
        self.lams = []            # C++ lambdas: (name, kind, target Var)
        self.loop_heap = False    # a heap block lives in this loop body


class Output:
    def __init__(self, indent=1):
        self.lines = []
        self.ind = indent

    def emit(self, line):
        self.lines.append("  " * self.ind + line)

    def open(self, header):
        self.emit(header + " {")
        self.ind += 1

    def mid(self, line):
        self.ind -= 1
        self.emit(line)
        self.ind += 1

    def close(self, tail="}"):
        self.ind -= 1
        self.emit(tail)


def num(c, digits=4):
    """A double literal, parenthesized when negative."""
    s = "%.*g" % (digits, c)
    if "." not in s and "e" not in s and "inf" not in s:
        s += ".0"
    return "(%s)" % s if c < 0 else s
