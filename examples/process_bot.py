#!/usr/bin/env python3
"""A Skat bot in its own process::

    skat arena --bots "cmd:python3 examples/process_bot.py,rule,rule"

It speaks skatlib's line protocol (docs/bots.rst, "Bots in any language") and needs
nothing but Python's standard library: it reads one line at a time from standard input
and answers each with one line.  It passes in the auction, picks up the skat, and
otherwise chooses a random legal action (seeded, so that runs repeat).
"""

import random
import sys


def choose(fields: dict[str, str], rng: random.Random) -> str:
    legal = fields["legal"].split(",")
    if fields["phase"] == "bidding" and "p" in legal:
        return "p"
    if "s" in legal:  # pick up the skat rather than play hand
        return "s"
    return rng.choice(legal)


def main() -> None:
    rng = random.Random()
    lines = 0
    for line in sys.stdin:
        lines += 1
        words = line.split()
        if words[:1] == ["skat"]:  # "skat 1 seed=S": the protocol version and the seed
            rng.seed(int(words[2].partition("=")[2]))
            print("ok example", flush=True)
        elif words[:1] == ["act"]:
            fields = dict(w.split("=", 1) for w in words[1:])
            print(choose(fields, rng), flush=True)
    if not lines:  # started by hand, with no input: say what this is
        print("a bot for skat: skat arena --bots \"cmd:python3 examples/process_bot.py,rule,rule\"")


if __name__ == "__main__":
    main()
