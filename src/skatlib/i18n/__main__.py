"""``python -m skatlib.i18n``: rebuild the compiled catalogues from the ``.po`` files."""

from ._catalogue import compile_catalogues

for path in compile_catalogues():  # pragma: no cover  (a maintainer's tool)
    print(f"wrote {path}")
