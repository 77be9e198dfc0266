"""An int-like with nothing but ``__index__``, as numpy's integers: the type policy
accepts it wherever an int is meant (CONTRIBUTING, "Errors and types")."""

from __future__ import annotations


class IntLike:
    """``operator.index(IntLike(5)) == 5``; not an ``int`` subclass."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __index__(self) -> int:
        return self.n

    def __repr__(self) -> str:
        return f"IntLike({self.n})"
