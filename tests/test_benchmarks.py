"""Smoke test of benchmarks/run.py: it runs and writes every key (no timing is asserted)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scripts import load_script


def _load() -> ModuleType:
    return load_script("benchmarks/run.py", "skatlib_benchmarks_run", fresh=True)


def _run(tmp_path: Path, *extra: str) -> tuple[dict[str, Any], str]:
    out = tmp_path / "bench.json"
    module = _load()
    code = module.main(["--quick", "--repeats", "1", "--min-time", "0.001",
                        "--json", str(out), *extra])
    assert code == 0
    return json.loads(out.read_text(encoding="utf-8")), str(out)


def test_smoke_without_openspiel(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc, _ = _run(tmp_path, "--no-openspiel")
    text = capsys.readouterr().out
    assert "OpenSpiel: skipped" in text
    for key in ("ratio_fast_vs_openspiel", "ratio_state_vs_openspiel",
                "ratio_legal_mask_vs_openspiel"):
        assert doc[key] is None
        assert doc["targets"][key]["met"] is None
    assert doc["ratio_fast_vs_state"] > 0 and doc["ratio_engine_vs_state"] > 0
    assert doc["checks"]["identical_results"] is True
    for key in ("games_per_s_fast", "games_per_s_state", "games_per_s_engine",
                "legal_cards_mask_per_s", "legal_cards_per_s", "trick_winner_fast_per_s",
                "play_deal_per_s", "score_per_s"):
        assert doc["figures"][key]["median"] > 0
    assert doc["memory_per_gamestate"]["bytes"] > 0


def test_smoke_with_openspiel(tmp_path: Path) -> None:
    pytest.importorskip("pyspiel")
    doc, _ = _run(tmp_path)
    assert doc["ratio_fast_vs_openspiel"] > 0
    assert doc["figures"]["legal_actions_openspiel_per_s"]["median"] > 0


def test_rulebot_v1_plays_as_the_rulebot_of_0_2() -> None:
    """benchmarks/rulebot_v1.py, the fixed opponent of issue 17's strength run
    against the old RuleBot: complete deals (the loop refuses an illegal action)
    and the 0.2 bot's self-play figures (1,000 deals, seed 0: 883 games, the
    declarer won 428, 48.5%, as docs/bots.rst records for skatlib 0.2), and its
    evaluator's doctests."""
    import doctest

    from skatlib import simulate

    module = load_script("benchmarks/rulebot_v1.py", "skatlib_benchmarks_rulebot_v1")
    stats = simulate(1000, module.RuleBotV1, seed=0, workers=0)
    assert (stats.deals, stats.games, stats.won) == (1000, 883, 428)
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried >= 4 and failures == 0


def test_pimc_variants_name_the_solver_defaults_variant() -> None:
    """benchmarks/pimc_variants.py, the arena variant of issue 17's experiment
    with the solver's own defaults: the bot's budgets with the quasi-symmetry
    bounds and the two-trick endgame on (the plain bot has both off), loadable
    as an arena spec, and its doctests."""
    import doctest
    import sys

    from skatlib.bots import make_bot

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    bot = module.PIMCSolverDefaults(3)
    plain = module.PIMCPlain(3)
    assert (bot.solver.qsym, bot.solver.endgame) == (True, True)
    assert (plain.solver.qsym, plain.solver.endgame) == (False, False)
    assert (bot.worlds, bot.max_nodes, bot.cpu_limit) == (plain.worlds, plain.max_nodes,
                                                          plain.cpu_limit)
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCSolverDefaults", 5)
        assert isinstance(made, module.PIMCSolverDefaults) and made.solver.qsym
    finally:
        del sys.modules["pimc_variants"]
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried >= 6 and failures == 0


def test_pimc_variants_name_the_bold_variant() -> None:
    """benchmarks/pimc_variants.py, issue 17's bidding experiment: the bot with
    every default but a lower bid confidence (0.25 against RuleBot's 0.35; the
    hand games keep theirs), loadable as an arena spec, and bidding higher
    than the plain bot on a hand whose searched win rate lies between the two."""
    import sys

    from skatlib import Contract
    from skatlib.bots import make_bot
    from skatlib.bots.basic import RULE_CONFIDENCE
    from skatlib.bots.pimc import Evaluation, HandEstimate, bid_ceiling

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    bot, plain = module.PIMCBold(3), module.PIMCPlain(3)
    assert module.BOLD_CONFIDENCE < RULE_CONFIDENCE == plain.bid_confidence
    assert bot.bid_confidence == module.BOLD_CONFIDENCE
    assert (bot.hand_confidence, bot.worlds, bot.max_nodes, bot.cpu_limit, bot.bidding) == (
        plain.hand_confidence, plain.worlds, plain.max_nodes, plain.cpu_limit, plain.bidding)
    # a grand won in 3 of 10 worlds, prior 0.3: (2 * 0.3 + 3) / 12 = 0.3
    ev = Evaluation((HandEstimate(Contract.parse("G"), None, 0.3, 48, 3, (48,) * 10),), 10, 0)
    assert bid_ceiling(ev, confidence=bot.bid_confidence) == 48
    assert bid_ceiling(ev, confidence=plain.bid_confidence) == 0
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCBold", 5)
        assert isinstance(made, module.PIMCBold)
        assert made.bid_confidence == module.BOLD_CONFIDENCE
    finally:
        del sys.modules["pimc_variants"]


def test_pimc_variants_name_the_deep_variant() -> None:
    """benchmarks/pimc_variants.py, issue 17's budget experiment: the
    solver-defaults variant with three times the card play's node budget and
    nothing else changed, loadable as an arena spec; a decision with the larger
    budget may search more nodes on the same position and seed."""
    import sys

    from skatlib import Deal, play_deal
    from skatlib.bots import make_bot
    from skatlib.bots.basic import RuleBot

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    bot, base, plain = module.PIMCDeep(3), module.PIMCSolverDefaults(3), module.PIMCPlain(3)
    assert module.DEEP_NODES == bot.max_nodes == 3 * plain.max_nodes
    assert (bot.solver.qsym, bot.solver.endgame, bot.solver.tt_limit) == (
        base.solver.qsym, base.solver.endgame, base.solver.tt_limit)
    assert (bot.worlds, bot.first_world, bot.cpu_limit, bot.bid_confidence, bot.eval_nodes,
            bot.bidding) == (base.worlds, base.first_world, base.cpu_limit,
                             base.bid_confidence, base.eval_nodes, base.bidding)
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCDeep", 5)
        assert isinstance(made, module.PIMCDeep) and made.max_nodes == module.DEEP_NODES
    finally:
        del sys.modules["pimc_variants"]
    # the same deal with budgets small enough to bind: up to the first card that
    # differs both bots see the same positions, and the larger budget solves
    # more worlds in them; no decision passes first_world budgets
    runs = []
    for nodes in (4000, 3 * 4000):
        b = module.PIMCPlain(1, worlds=6, max_nodes=nodes, cpu_limit=None, trace=True)
        play_deal(Deal.shuffled(11), [b, RuleBot(), RuleBot()])
        cards = [d for d in b.decisions if d.kind == "card"]
        assert all(d.nodes <= b.first_world * nodes + 1 for d in cards)
        runs.append([(d.trick, d.solved) for d in cards[:2]])
    assert runs == [[(1, 0), (2, 0)], [(1, 0), (2, 1)]]


def test_pimc_variants_name_the_declaration_variant() -> None:
    """benchmarks/pimc_variants.py, issue 17's inference experiment: the plain
    bot with declaration_inference, loadable as an arena spec.  It samples as the
    plain bot wherever it is not a defender in the card play, so on the same seed
    it bids, declares and plays its own games card for card as the plain bot."""
    import sys

    from skatlib import Deal, GameResult, Seat, play_deal
    from skatlib.bots import make_bot
    from skatlib.bots.basic import RuleBot

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    bot, plain = module.PIMCDeclaration(3), module.PIMCPlain(3)
    assert bot.declaration_inference and not plain.declaration_inference
    assert (bot.worlds, bot.max_nodes, bot.inference, bot.bidding, bot.solver.qsym) == (
        plain.worlds, plain.max_nodes, plain.inference, plain.bidding, plain.solver.qsym)
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCDeclaration", 5)
        assert isinstance(made, module.PIMCDeclaration) and made.declaration_inference
    finally:
        del sys.modules["pimc_variants"]
    declared = 0
    for deal in range(10):
        records = []
        for cls in (module.PIMCDeclaration, module.PIMCPlain):
            b = cls(1)
            b.worlds, b.max_nodes, b.cpu_limit = 4, 3000, None
            b.eval_worlds, b.eval_nodes, b.eval_world_nodes = 3, 15_000, 5000
            records.append(play_deal(Deal.shuffled(40 + deal), [b, RuleBot(), RuleBot()]))
        (rec, res), (plain_rec, plain_res) = records
        if isinstance(res, GameResult) and res.declarer == Seat.FOREHAND:  # the bot declared
            declared += 1
            assert rec == plain_rec and res == plain_res  # the same game to the card
    assert declared >= 2  # deals 46 and 48


def _arena_out(path: Path, bots: list[str], seed: int,
               deals: list[list[tuple[list[int], int, bool]]]) -> str:
    """A ``skat arena --out`` file with these deals (points, declarer, won per game)."""
    header = {"skat_arena": 2, "bots": bots, "seed": seed, "rules": "ISKO"}
    lines = [json.dumps(header)] + [
        json.dumps({"deal": i, "games": [{"points": p, "declarer": d, "won": w}
                                         for p, d, w in games]})
        for i, games in enumerate(deals)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_pimc_compare_pairs_two_runs_and_splits_the_games_by_who_declared(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --compare: two arena files over the deals both hold
    (a deal cut off in one is left out), bot 1's points and margin paired deal by
    deal, and its games split by the runs in which it declared."""
    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")

    def write(name: str, deals: list[list[tuple[list[int], int, bool]]]) -> str:
        return _arena_out(tmp_path / name, ["a", "b", "b"], 1, deals)

    passed = ([0, 0, 0], -1, False)
    old = write("old.jsonl", [
        [([60, 0, 0], 0, True), ([0, 70, 0], 1, True), passed],
        [([0, 0, 60], 2, True), passed, passed],
        [passed, passed, passed]])  # deal 2: only in old
    new = write("new.jsonl", [
        [([60, 0, 0], 0, True), ([-100, 40, 40], 0, False), passed],
        [([0, 0, 60], 2, True), ([80, 0, 0], 0, True), passed]])
    module.compare(old, new)
    out = capsys.readouterr().out
    assert "2 duplicate deals in both (6 games each)" in out
    # bot 1's points per game of each deal: old 20, 0; new -13.33, 26.67
    assert "new - old: -3.33 SF per game" in out
    assert "bot 1 declared in both: 1 games, won 1 (100%) in old, 1 (100%) in new" in out
    # margins of the two new-only games: -140 - (-35) = -105 and 80 - 0 = +80
    assert ("bot 1 declared in new only: 2 games, won 0 (0%) in old, 1 (50%) in new; "
            "new - old per such game: -10.00 SF, -12.50 margin") in out
    assert "in old only" not in out
    # bot 1 defended deal 1's first game in both runs; the declarer won both times
    assert ("another bot declared in both: 1 games, the declarer won 1 (100%) in old, "
            "1 (100%) in new; new - old per such game: +0.00 margin") in out


def test_pimc_compare_shows_bot_1s_defence_game_by_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --compare: the games another bot declared in both runs
    (whichever other bot), with the declarer's wins and bot 1's margin new - old
    on them; a game bot 1 declared, or nobody did, in either run is not one."""
    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    passed = ([0, 0, 0], -1, False)
    runs = {
        "old.jsonl": [([0, 70, 0], 1, True), ([0, 0, 60], 2, True), ([50, 0, 0], 0, True)],
        "new.jsonl": [([40, -140, 40], 1, False), ([0, 60, 0], 1, True), passed],
    }
    paths = [_arena_out(tmp_path / name, ["a", "b", "b"], 1, [games])
             for name, games in runs.items()]
    module.compare(*paths)
    out = capsys.readouterr().out
    # margins: 0 - 35 -> 40 - (-50) = +125; 0 - 30 -> 0 - 30 = 0; the third is not bot 1's
    # defence in both (it declared in old only)
    assert ("another bot declared in both: 2 games, the declarer won 2 (100%) in old, "
            "1 (50%) in new; new - old per such game: +62.50 margin") in out
    assert module.defending_split({}, {}, []) == (0, 0, 0, 0.0)


def test_pimc_breakdown_splits_bot_1s_margins_by_who_declared(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --breakdown: one arena file, bot 1's margin over each
    other bot per kind of game (summing to the arena's margin), and the upside of
    the games that went against him: 3 x value + 140 over the opponent whose
    game it was (Seeger-Fabian, D-14)."""
    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    deals = [[([74, 0, 0], 0, True), ([-122, 40, 40], 0, False), ([0, 70, 0], 1, True)],
             [([40, -94, 40], 1, False), ([0, 0, 72], 2, True), ([0, 0, 0], -1, False)]]
    path = _arena_out(tmp_path / "run.jsonl", ["a", "b", "b"], 1, deals)
    assert module.main(["--breakdown", path]) == 0
    out = capsys.readouterr().out
    assert "2 duplicate deals, 6 games; per game of the run:" in out
    rows = {line[2:24].strip(): line[24:].split() for line in out.splitlines()[2:]}
    # a lost 36 (-122): 248 to gain over both; bot 2's won 20: 200 over him
    assert rows["bot 1 declared, lost"] == ["1", "-27.00", "-27.00", "+41.33", "+41.33"]
    assert rows["bot 2 declared, won"] == ["1", "-11.67", "+0.00", "+33.33", "+0.00"]
    assert rows["bot 3 declared, won"] == ["1", "+0.00", "-12.00", "+0.00", "+34.33"]
    assert rows["passed in"] == ["1", "+0.00", "+0.00", "+0.00", "+0.00"]
    # the margins per game as the arena computes them: mean of p1 - pk
    games = [g for d in deals for g in d]
    for k, column in ((1, 1), (2, 2)):
        mean = sum(p[0] - p[k] for p, _, _ in games) / len(games)
        assert rows["all"][column] == f"{mean:+.2f}"
    assert rows["all"][3:] == ["+74.67", "+75.67"]


def test_pimc_pool_reads_runs_of_several_seeds_as_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --pool: arena files of different seeds summed as one
    run (the arena's own summary over all their deals); the same seed, other
    bots or other rules are refused."""
    from skatlib.bots.arena import summarise

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    one = [[([74, 0, 0], 0, True), ([-122, 40, 40], 0, False), ([0, 70, 0], 1, True)],
           [([40, -94, 40], 1, False), ([0, 0, 72], 2, True), ([0, 0, 0], -1, False)]]
    two = [[([0, 0, 0], -1, False), ([96, 0, 0], 0, True), ([0, 0, -88], 2, False)]]
    a = _arena_out(tmp_path / "a.jsonl", ["a", "b", "b"], 1, one)
    b = _arena_out(tmp_path / "b.jsonl", ["a", "b", "b"], 2, two)
    assert module.main(["--pool", a, b]) == 0
    out = capsys.readouterr().out
    assert f"{a} (seed 1): 2 duplicate deals" in out
    assert f"{b} (seed 2): 1 duplicate deals" in out
    assert "pooled: 3 duplicate deals from 2 seeds" in out
    outcomes = [*module._outcomes(a).values(), *module._outcomes(b).values()]
    s = summarise(("a", "b", "b"), outcomes)
    for j, (m, c) in zip((2, 3), s.margin):
        assert f"1:a - {j}:b: {m:+.2f} per game, 95% CI [{m - c:+.2f}, {m + c:+.2f}]" in out
    row = next(line for line in out.splitlines() if line.startswith("1:a "))
    assert row.split()[1:3] == [f"{s.mean[0]:+.2f}", f"[{s.mean[0] - s.ci[0]:+.2f},"]
    assert "games/s" not in out  # no speed for runs read back
    games = [g for d in one + two for g in d]
    gap = sum(p[2] - p[1] for p, _, _ in games) / len(games)
    mean = sum(p[0] - (p[1] + p[2]) / 2 for p, _, _ in games) / len(games)
    assert f"bot 1's margin over the mean of the others: {mean:+.2f} per game" in out
    assert f"(the seat before bot 1 less the seat after): {gap:+.2f} per game" in out

    assert module.main(["--pool", a]) == 0
    assert "pooled: 2 duplicate deals from 1 seed\n" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="seed 1 as"):
        module.main(["--pool", a, _arena_out(tmp_path / "c.jsonl", ["a", "b", "b"], 1, two)])
    other = _arena_out(tmp_path / "d.jsonl", ["x", "b", "b"], 3, two)
    with pytest.raises(SystemExit, match="--same-players"):
        module.main(["--pool", a, other])
    assert module.main(["--pool", a, other, "--same-players"]) == 0
    assert f"{other} (seed 3, bots x, b, b): 1 duplicate deals" in capsys.readouterr().out
    (tmp_path / "e.jsonl").write_text("not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="not a skat arena --out file"):
        module.main(["--pool", a, str(tmp_path / "e.jsonl")])
    empty = _arena_out(tmp_path / "f.jsonl", ["a", "b", "b"], 4, [])
    assert module.main(["--pool", empty]) == 0
    assert capsys.readouterr().out.endswith("no deal in the files\n")
    with pytest.raises(SystemExit, match="cannot be read"):
        module.main(["--pool", a, str(tmp_path / "missing.jsonl")])


def test_pimc_dd_loss_splits_the_double_dummy_losses_by_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --dd-loss: the games of an arena file replayed and
    solved card by card; per group, the value at the first lead less what the
    declarer gave away plus what the defenders gave away is his final card
    points; a game whose replay scores otherwise than the file says is left out
    and counted."""
    import re

    from skatlib import ISKO
    from skatlib.bots.arena import play_duplicate

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    specs = ["rule", "random", "rule"]
    outcomes: list[dict[str, Any]] = [
        json.loads(json.dumps(play_duplicate(specs, i, 5, ISKO).to_dict())) for i in range(4)]
    header = {"skat_arena": 2, "bots": specs, "seed": 5, "rules": "ISKO"}
    path = tmp_path / "run.jsonl"

    def write() -> None:
        path.write_text("\n".join(json.dumps(x) for x in [header, *outcomes]) + "\n",
                        encoding="utf-8")

    write()
    assert module.main(["--dd-loss", str(path), "--games", "100"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"(\d+) of (\d+) declared games sampled; 0 came out otherwise in the "
                  r"replay, (\d+) nulls left out", out)
    assert m, out
    declared = sum(g["declarer"] >= 0 for o in outcomes for g in o["games"])
    assert int(m[1]) == int(m[2]) == declared
    groups = re.findall(r"(\d+) games; the declarer's card points double dummy at the first "
                        r"lead ([\d.]+), in the end ([\d.]+); given away per game: ([^;]+);",
                        out)
    assert len(groups) == 2, out
    assert sum(int(g[0]) for g in groups) + int(m[3]) == declared
    for _, first, final, given in groups:
        losses = [float(item.split()[-1]) for item in given.split(", ")]
        assert len(losses) == 3 and min(losses) >= 0, out
        balance = float(first) - losses[0] + losses[1] + losses[2]
        assert abs(balance - float(final)) <= 0.2, out
    # a game scored otherwise than the replay gives is left out
    game = next(g for o in outcomes for g in o["games"] if g["declarer"] >= 0)
    game["won"] = not game["won"]
    write()
    assert module.main(["--dd-loss", str(path), "--games", "100"]) == 0
    assert "1 came out otherwise in the replay" in capsys.readouterr().out
    header["bots"] = ["rule", "random", "no_such_module:Bot"]
    write()
    with pytest.raises(SystemExit, match="--dd-loss: cannot load bot 'no_such_module:Bot'"):
        module.main(["--dd-loss", str(path)])
    path.write_text('{"deal": 0}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="does not start with a skat arena header"):
        module.main(["--dd-loss", str(path)])


def test_pimc_play_fit_weighs_the_real_cards_against_uniform_worlds(
        capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --play-fit: RuleBot's real cards fit the play
    inference's model (a mean weight near 1), uniform worlds fit worse."""
    import re

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    assert module.main(["--play-fit", "6", "--bots", "rule"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"rule: (\d+) card decisions after the first trick, 6 deals \(seed 3\); "
                  r"play_weight of the real cards: mean ([\d.]+), 1.0 in (\d+)%; of uniform "
                  r"worlds: mean ([\d.]+), below 0.1 in (\d+)%", out)
    assert m, out
    assert int(m[1]) > 50 and float(m[2]) >= 0.9 and float(m[4]) < float(m[2])


def test_pimc_variants_name_the_combined_variant() -> None:
    """benchmarks/pimc_variants.py, issue 17's combined experiment: the solver's
    defaults and the inference from the declaration together, nothing else
    changed (the budgets, the worlds and the CPU cap are the bot's), loadable as
    an arena spec."""
    import sys

    from skatlib.bots import make_bot

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    bot, base, plain = module.PIMCCombined(3), module.PIMCSolverDefaults(3), module.PIMCPlain(3)
    assert bot.declaration_inference and not base.declaration_inference
    assert (bot.solver.qsym, bot.solver.endgame, bot.solver.tt_limit) == (
        base.solver.qsym, base.solver.endgame, base.solver.tt_limit) == (True, True,
                                                                         plain.solver.tt_limit)
    assert (bot.worlds, bot.max_nodes, bot.first_world, bot.cpu_limit, bot.inference,
            bot.bid_confidence, bot.eval_nodes, bot.bidding) == (
        plain.worlds, plain.max_nodes, plain.first_world, plain.cpu_limit, plain.inference,
        plain.bid_confidence, plain.eval_nodes, plain.bidding)
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCCombined", 5)
        assert isinstance(made, module.PIMCCombined) and made.declaration_inference
        assert made.solver.qsym
    finally:
        del sys.modules["pimc_variants"]


def test_pimc_variants_keep_the_old_defaults_and_name_the_new() -> None:
    """benchmarks/pimc_variants.py: ``PIMCPlain`` is the bot before the defaults
    changed (no declaration inference, no fight, the solver without the
    quasi-symmetry bounds and the endgame, the hand evaluation's old budgets),
    whatever the defaults are now; ``PIMCFight`` has every flag of today's
    default bot and the old budgets, ``PIMCEvalDeep`` is the default bot of 5
    December, ``PIMCEvalDeeper`` differs from it only in the hand evaluation's
    budgets; every variant looks at one pickup contract in the auction but
    ``PIMCPickups``, which is today's default bot, and ``PIMCRuleTie``, which
    differs from it in the card play's tie-break alone."""
    import sys

    from skatlib.bots import make_bot
    from skatlib.bots.pimc import PIMCBot

    module = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    plain, fight, default = module.PIMCPlain(3), module.PIMCFight(3), PIMCBot(3)

    def flags(b: PIMCBot) -> tuple[object, ...]:
        return (b.declaration_inference, b.fight, b.solver.qsym, b.solver.endgame,
                b.solver.killers, b.solver.tt_limit, b.play_inference)

    assert flags(plain) == (False, False, False, False, True, 400_000, False)
    assert flags(fight) == flags(default) == (True, True, True, True, True, 400_000, False)
    assert flags(module.PIMCPlayInference(3)) == (True, True, True, True, True, 400_000, True)
    shared = ("worlds", "max_nodes", "first_world", "cpu_limit", "inference", "objective",
              "bid_confidence", "hand_confidence", "bidding", "eval_world_nodes")
    for b in (plain, fight):
        assert [getattr(b, k) for k in shared] == [getattr(default, k) for k in shared]
        assert (b.eval_worlds, b.eval_nodes) == (module.PLAIN_EVAL_WORLDS,
                                                 module.PLAIN_EVAL_NODES) == (12, 300_000)
    # the finer auction is the default of 5 December under a fixed name; with the
    # second look in the auction it is today's
    deep, pickups = module.PIMCEvalDeep(3), module.PIMCPickups(3)
    for b in (deep, pickups):
        assert flags(b) == flags(default)
        assert [getattr(b, k) for k in (*shared, "eval_worlds", "eval_nodes")] == [
            getattr(default, k) for k in (*shared, "eval_worlds", "eval_nodes")]
    assert (default.eval_worlds, default.eval_nodes) == (24, 600_000)
    assert pickups.auction_pickups == default.auction_pickups == 2
    # the card play's tie-break by RuleBot's card: that switch alone differs from today's
    tie = module.PIMCRuleTie(3)
    assert (tie.tie_break, default.tie_break) == ("rules", "cards")
    assert flags(tie) == flags(default)
    assert [getattr(tie, k) for k in (*shared, "eval_worlds", "eval_nodes", "auction_pickups",
                                      "declare_discards")] == [
        getattr(default, k) for k in (*shared, "eval_worlds", "eval_nodes", "auction_pickups",
                                      "declare_discards")]
    assert all(getattr(module, name)(3).tie_break == "cards" for name in (
        "PIMCPlain", "PIMCFight", "PIMCEvalDeep", "PIMCPickups", "PIMCDiscards"))
    for name in ("PIMCPlain", "PIMCSolverDefaults", "PIMCBold", "PIMCDeep", "PIMCDeclaration",
                 "PIMCCombined", "PIMCFight", "PIMCPlayInference", "PIMCFightDeep",
                 "PIMCEvalDeep", "PIMCEvalDeeper", "PIMCEvalDeepPlay", "PIMCDiscards"):
        assert getattr(module, name)(3).auction_pickups == 1, name
    # ... and with the inference from the card play: that switch alone differs
    play = module.PIMCEvalDeepPlay(3)
    assert flags(play) == (*flags(default)[:-1], True)
    assert [getattr(play, k) for k in (*shared, "eval_worlds", "eval_nodes")] == [
        getattr(default, k) for k in (*shared, "eval_worlds", "eval_nodes")]
    # ... and with twice the default's hand evaluation: only those two budgets differ
    deeper = module.PIMCEvalDeeper(3)
    assert flags(deeper) == flags(default)
    assert [getattr(deeper, k) for k in shared] == [getattr(default, k) for k in shared]
    assert (deeper.eval_worlds, deeper.eval_nodes) == (48, 1_200_000)
    sys.modules["pimc_variants"] = module
    try:
        made = make_bot("pimc_variants:PIMCPlain", 5)
        assert isinstance(made, module.PIMCPlain) and not made.fight
    finally:
        del sys.modules["pimc_variants"]


def test_pimc_benchmark_traces_registered_bots_and_variants(
        capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --bots: a registered PIMC bot or a ``module:Class`` as in
    the arena, traced; a bot that is not a PIMC bot is refused with a message."""
    import sys

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    variants = load_script("benchmarks/pimc_variants.py", "skatlib_benchmarks_pimc_variants")
    assert module._traced("pimc_v1", 3).trace
    sys.modules["pimc_variants"] = variants
    try:
        bot = module._traced("pimc_variants:PIMCCombined", 3)
        assert isinstance(bot, variants.PIMCCombined) and bot.trace
    finally:
        del sys.modules["pimc_variants"]
    with pytest.raises(SystemExit, match="'rule' is not a PIMC bot"):
        module._traced("rule", 3)
    with pytest.raises(SystemExit) as info:
        module.main(["--bots", "rule"])
    assert info.value.code == 2
    assert "--bots: one of pimc, pimc_uniform, pimc_rules, pimc_v1 or module:Class, not 'rule'" \
        in capsys.readouterr().err


def _fork() -> ModuleType:
    """benchmarks/fork.py (which imports the script beside it, ``pimc``)."""
    import sys

    sys.modules["pimc"] = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    try:
        return load_script("benchmarks/fork.py", "skatlib_benchmarks_fork")
    finally:
        del sys.modules["pimc"]


def _fork_bot(discards: int, pickups: int = 1) -> Any:
    """A small PIMC bot whose games do not depend on the machine or on what its
    solver saw before (no CPU cap, no transposition table), so a forked game
    can be played again in full."""
    from skatlib.bots.pimc import PIMCBot
    from skatlib.search.solver import Solver

    class Quick(PIMCBot):
        def __init__(self, seed: int | None = None) -> None:
            super().__init__(seed, 3, max_nodes=3000, cpu_limit=None, eval_worlds=8,
                             eval_nodes=150_000, eval_world_nodes=30_000,
                             declare_discards=discards, auction_pickups=pickups,
                             solver=Solver(tt=False))
    return Quick


def test_fork_gives_what_two_full_games_give() -> None:
    """benchmarks/fork.py (issue 17's declaration lever measured where it acts):
    each rotation of a deal forked at bot 1's declaration comes out as the arena
    would play it with the old bot and with the new one -- ``None`` where bot 1
    does not pick up as declarer and the games are the same, the two margins,
    contracts and outcomes where the declarations differ (deal 4, rotation 2:
    the grand with another discard)."""
    from skatlib import ISKO, Declare, result
    from skatlib.bots.arena import _game_outcome, duplicate_game

    fork = _fork()
    old, new = (_fork_bot(1), "rule", "rule"), (_fork_bot(3), "rule", "rule")
    forked = [fork.fork_game(old, 4, 1, ISKO, r, 3) for r in range(3)]
    assert forked[0] is None and isinstance(forked[2], tuple)
    for r, got in enumerate(forked):
        games, declared = [], []
        for specs in (old, new):
            at_seat, record = duplicate_game(specs, 4, 1, ISKO, r)
            res = result(record.replay())
            assert res is not None
            games.append((_game_outcome(at_seat, res), str(getattr(res, "contract", "-"))))
            declared.append([a for a in record.actions if isinstance(a, Declare)])
        (a, ca), (b, cb) = games
        if isinstance(got, tuple):
            assert got == (fork._margin(a), fork._margin(b), ca, cb, a.won, b.won, True)
            assert got[2] == got[3] == "G"  # the contract is kept, the discard differs
            assert declared[0][0].discard != declared[1][0].discard
        else:
            assert (a, ca) == (b, cb) and declared[0] == declared[1]


def test_fork_declare_forks_where_the_declaration_lever_acts() -> None:
    """benchmarks/fork.py --declare (issue 17: a declaration setting measured
    where it acts): ``--declare declare_discards=3`` forks every rotation of
    deals 4 and 5 exactly as ``--discards 3`` does (deal 4, rotation 2: the
    grand with another discard); the settings are the NEW bot's for that
    declaration alone, the OLD bot's are untouched."""
    from skatlib import ISKO

    fork = _fork()
    old = (_fork_bot(1), "rule", "rule")
    got = [fork.fork_game(old, i, 1, ISKO, r, 0, lever="declare",
                          settings={"declare_discards": 3}) for i in (4, 5) for r in range(3)]
    assert got == [fork.fork_game(old, i, 1, ISKO, r, 3) for i in (4, 5) for r in range(3)]
    assert isinstance(got[2], tuple)


def test_fork_at_a_pass_gives_what_two_full_games_give() -> None:
    """benchmarks/fork.py --pickups (issue 17's auction lever measured where it
    acts): a rotation forked at bot 1's pass, where the new bot looks at the next
    contract, comes out as the arena would play it with the old bot and with
    the new one -- ``None`` where bot 1 never passes with a contract left to
    look at, ``"same"`` where the new bot passes too, and where it bids on the
    two margins, contracts and outcomes (deals 2 and 4: one forked game
    gains, the other loses)."""
    from skatlib import ISKO, Bid, Hold, Pass, result
    from skatlib.bots.arena import _game_outcome, duplicate_game

    fork = _fork()
    old, new = (_fork_bot(1), "rule", "rule"), (_fork_bot(1, 2), "rule", "rule")
    kinds = []
    for i in (2, 4):
        for r in range(3):
            got = fork.fork_game(old, i, 1, ISKO, r, 2, lever="pickups")
            kinds.append(got if got is None or isinstance(got, str) else "forked")
            games, auctions = [], []
            for specs in (old, new):
                at_seat, record = duplicate_game(specs, i, 1, ISKO, r)
                res = result(record.replay())
                assert res is not None
                games.append((_game_outcome(at_seat, res), str(getattr(res, "contract", "-"))))
                auctions.append([x for x in record.actions if isinstance(x, (Bid, Hold, Pass))])
            (a, ca), (b, cb) = games
            if isinstance(got, tuple):
                assert got == (fork._margin(a), fork._margin(b), ca, cb, a.won, b.won,
                               a.declarer == 0)
                assert auctions[0] != auctions[1]
            else:  # the same auction (the card play may differ: see the module docs)
                assert auctions[0] == auctions[1]
    assert kinds == ["forked", None, "same", None, "forked", None]


def test_fork_writes_resumes_and_reports(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/fork.py's command line: a line per deal in --out, a resumed run
    plays only the deals missing, the paired difference over all of them; a
    --discards of 1 and a bot 1 that is not a PIMC bot are refused."""
    import sys
    import types

    from skatlib import ISKO

    fork = _fork()
    quick = types.ModuleType("fork_quick")
    quick.Old = _fork_bot(1)  # type: ignore[attr-defined]
    sys.modules["fork_quick"] = quick
    out = tmp_path / "fork.jsonl"
    args = ["--discards", "3", "--bots", "fork_quick:Old,rule,rule", "--seed", "1",
            "--out", str(out)]
    try:
        assert fork.main([*args, "--deals", "4"]) == 0
        assert len(out.read_text(encoding="utf-8").splitlines()) == 4
        assert capsys.readouterr().out.startswith("4 duplicate deals, 12 games; bot 1 picked")
        before = fork._read(str(out))
        assert fork.main([*args, "--deals", "5"]) == 0
    finally:
        del sys.modules["fork_quick"]
    rows = fork._read(str(out))
    assert sorted(rows) == list(range(5)) and {i: rows[i] for i in range(4)} == before
    games = [g for i in range(5) for g in rows[i]]
    forked = [g for g in games if isinstance(g, tuple)]
    pickups = sum(g is not None for g in games)
    assert forked and rows[4][2] == forked[-1]
    text = capsys.readouterr().out
    assert text.startswith(f"5 duplicate deals, 15 games; bot 1 picked up the skat as "
                           f"declarer in {pickups}; its declaration differs in {len(forked)} ")
    won = (sum(g[4] for g in forked), sum(g[5] for g in forked))
    assert f"in those: the declarer won {won[0]} old, {won[1]} new;" in text
    m = sum(g[1] - g[0] for g in forked) / 15
    assert f"new - old in bot 1's margin over the mean of the others: {m:+.2f}" in text
    with pytest.raises(SystemExit) as info:
        fork.main(["--discards", "1"])
    assert info.value.code == 2
    assert "--discards: 2 or more" in capsys.readouterr().err
    for bad, says in ((["--pickups", "1"], "--pickups: 2 or more"),
                      (["--pickups", "2", "--uncapped"], "goes with --discards or --declare"),
                      (["--pickups", "2", "--discards", "2"], "not allowed with"),
                      (["--sees", "--oracle", "3"], "--oracle goes with --discards"),
                      (["--sees", "--pickups", "2"], "not allowed with"),
                      (["--discards", "2", "--from-trick", "4"], "go with --sees or --card-play"),
                      (["--pickups", "2", "--role", "declarer"], "go with --sees or --card-play"),
                      (["--card-play", "worlds=60", "--oracle", "3"],
                       "--oracle goes with --discards"),
                      (["--declare", "declare_calibration=0.6", "--oracle", "3"],
                       "--oracle goes with --discards"),
                      (["--declare", "declare_calibration=0.6", "--discards", "2"],
                       "not allowed with"),
                      (["--declare", "declare_calibration=0.6", "--role", "declarer"],
                       "go with --sees or --card-play"),
                      (["--declare", "worlds=60"], "--declare: 'worlds' is not a declaration "
                                                   "setting; one of declare_calibration,"),
                      (["--declare", "declare_calibration=high"],
                       "declare_calibration='high': a number"),
                      (["--declare", "declare_calibration=0"],
                       "--declare: declare_calibration must be above 0"),
                      (["--declare", "eval_worlds=0"], "--declare: eval_worlds must be at least 1"),
                      (["--card-play", "worlds=60", "--sees"], "not allowed with"),
                      (["--card-play", "worlds=0"], "--card-play: worlds must be at least 1"),
                      (["--card-play", "declarer_worlds=0"],
                       "--card-play: declarer_worlds must be at least 1"),
                      (["--card-play", "depth=3"], "--card-play: 'depth' is not a card play"),
                      (["--card-play", "worlds"], "--card-play: 'worlds' is not KEY=VALUE"),
                      (["--card-play", "fight=maybe"], "fight='maybe': true or false"),
                      (["--card-play", "worlds=lots"], "worlds='lots': a whole number"),
                      (["--card-play", "worlds=30,worlds=40"], "'worlds' is given twice"),
                      (["--card-play", "tie_break=odd"], "tie_break must be 'cards' or"),
                      (["--sees", "--from-trick", "0"], "--from-trick: a trick from 1 to 10"),
                      (["--sees", "--from-trick", "11"], "--from-trick: a trick from 1 to 10"),
                      (["--sees", "--role", "partner"], "invalid choice: 'partner'"),
                      (["--discards", "2", "--overbid"], "go with --sees or --card-play"),
                      (["--pickups", "2", "--rule-auction"], "go with --sees or --card-play"),
                      (["--card-play", "bid_target=maybe"], "bid_target='maybe': true or"),
                      ([], "one of the arguments --discards --pickups --sees --card-play "
                           "--declare is required")):
        with pytest.raises(SystemExit) as info:
            fork.main(bad)
        assert info.value.code == 2
        assert says in capsys.readouterr().err
    with pytest.raises(SystemExit, match="bot 1 must be a PIMCBot, not RuleBot"):
        for r in range(3):
            fork.fork_game(("rule", "rule", "rule"), 16, 1, ISKO, r, 3)
    # the default bot looks at two pickup contracts already: nothing to fork
    with pytest.raises(SystemExit, match="--declare 'eval_worlds=24': bot 1 already plays so"):
        fork.fork_game(("pimc", "rule", "rule"), 0, 1, ISKO, 0, 0, lever="declare",
                       settings={"eval_worlds": 24})
    with pytest.raises(SystemExit, match="already looks at 2 pickup contracts"):
        fork.fork_game(("pimc", "rule", "rule"), 0, 1, ISKO, 0, 2, lever="pickups")


@pytest.mark.parametrize(("lever", "settings"), [("sees", None),
                                                  ("card-play", {"worlds": 1})])
def test_fork_first_card_levers_fork_every_game_with_a_declarer(
        lever: str, settings: dict[str, object] | None) -> None:
    """benchmarks/fork.py --sees and --card-play (issue 17: what card play that
    sees every card would gain; a card play setting measured in the card play
    alone): every rotation with a declarer is forked at its first card; OLD
    comes out as the arena plays the game, NEW keeps the contract, and the last
    field says whether bot 1 declared (deal 4: a grand, bot 1 the declarer in
    one rotation; seeing the cards, or one world instead of three, changes its
    margin somewhere)."""
    from skatlib import ISKO, result
    from skatlib.bots.arena import _game_outcome, duplicate_game

    fork = _fork()
    specs = (_fork_bot(1), "rule", "rule")
    forked = [fork.fork_game(specs, 4, 1, ISKO, r, 0, lever=lever, settings=settings)
              for r in range(3)]
    for r, got in enumerate(forked):
        at_seat, record = duplicate_game(specs, 4, 1, ISKO, r)
        res = result(record.replay())
        assert res is not None and isinstance(got, tuple)
        a = _game_outcome(at_seat, res)
        assert got[0] == fork._margin(a) and got[4] == a.won
        assert got[2] == got[3] == str(res.contract)  # type: ignore[union-attr]
        assert got[6] == (a.declarer == 0)
    assert [g[6] for g in forked if isinstance(g, tuple)] == [False, False, True]
    assert any(isinstance(g, tuple) and g[0] != g[1] for g in forked)


def test_fork_sees_role_forks_only_the_games_of_that_role() -> None:
    """benchmarks/fork.py --sees --role: only the games in which bot 1 has that
    role are forked (the others, which both copies would play alike, are
    ``None``); with --from-trick, OLD still comes out as the arena plays it."""
    from skatlib import ISKO, result
    from skatlib.bots.arena import _game_outcome, duplicate_game

    fork = _fork()
    specs = (_fork_bot(1), "rule", "rule")
    # deal 4: bot 1 declares in rotation 2 alone (see the test above)
    declarer = [fork.fork_game(specs, 4, 1, ISKO, r, 0, lever="sees", role="declarer",
                               from_trick=4) for r in range(3)]
    assert declarer[:2] == [None, None] and isinstance(declarer[2], tuple)
    assert declarer[2][6] is True
    at_seat, record = duplicate_game(specs, 4, 1, ISKO, 2)
    res = result(record.replay())
    assert res is not None
    a = _game_outcome(at_seat, res)
    assert declarer[2][0] == fork._margin(a) and declarer[2][4] == a.won
    defender = [fork.fork_game(specs, 4, 1, ISKO, r, 0, lever="sees", role="defender")
                for r in range(3)]
    assert [isinstance(g, tuple) and g[6] is False for g in defender] == [True, True, False]
    assert defender[2] is None


def test_fork_seer_from_trick_leaves_the_tricks_before_to_the_bot() -> None:
    """benchmarks/fork.py's _Seer with ``from_trick``: before that trick the bot
    decides as it is (it samples worlds, so its generator moves, and plays the
    card a twin bot plays); from it on, it solves the real world (the
    generator stays where it was)."""
    import copy

    from skatlib import ISKO, Phase, apply, new_game, observe
    from skatlib.bots import seeded_deal
    from skatlib.bots.pimc import PIMCBot
    from skatlib.search.solver import Solver

    fork = _fork()
    seen = {2: 0, 3: 0}
    for i in range(12):
        state = new_game(seeded_deal(2, i), ISKO)
        rule = PIMCBot(3, 3, max_nodes=2000, cpu_limit=None, bidding="rules",
                       solver=Solver(tt=False))
        while not state.is_finished and not (state.phase == Phase.PLAYING
                                             and len(state.tricks) == 2):
            state = apply(state, rule.act(observe(state, state.to_move_index),
                                          state.legal_actions()))
        if state.is_finished or state.declarer is None:
            continue
        for _ in range(3):  # trick 3, then the first card of trick 4 and on
            done = len(state.tricks)
            seat = state.to_move_index
            o, legal = observe(state, seat), state.legal_actions()
            if done in seen and len(legal) > 1:
                bot = PIMCBot(7, 3, max_nodes=2000, cpu_limit=None, solver=Solver(tt=False))
                twin = copy.deepcopy(bot)
                before = bot.rng.getstate()
                card = fork._Seer(bot, state, from_trick=4).act(o, legal)
                if done == 2:  # trick 3: the bot's own decision
                    assert card == twin.act(o, legal)
                    assert bot.rng.getstate() == twin.rng.getstate() != before
                else:  # trick 4: the real world, nothing sampled
                    assert bot.rng.getstate() == before
                seen[done] += 1
            while len(state.tricks) == done and not state.is_finished:
                state = apply(state, rule.act(observe(state, state.to_move_index),
                                              state.legal_actions()))
            if state.is_finished:
                break
    assert seen[2] >= 5 and seen[3] >= 5


def test_fork_card_play_role_and_settings_it_refuses() -> None:
    """benchmarks/fork.py --card-play --role declarer: only the rotation bot 1
    declares is forked (deal 4: rotation 2), as without --role; a setting the
    bot already has (or none) is refused."""
    from skatlib import ISKO

    fork = _fork()
    specs = (_fork_bot(1), "rule", "rule")
    forked = [fork.fork_game(specs, 4, 1, ISKO, r, 0, lever="card-play", role=role,
                             settings={"worlds": 1}) for role in (None, "declarer")
              for r in range(3)]
    assert forked[3:5] == [None, None] and forked[5] == forked[2]
    assert isinstance(forked[2], tuple) and forked[2][6] is True
    for same in ({"worlds": 3}, {}):
        with pytest.raises(SystemExit, match="bot 1 already plays so"):
            fork.fork_game(specs, 4, 1, ISKO, 0, 0, lever="card-play", settings=same)


def test_fork_overbid_forks_only_games_whose_declarer_needs_more() -> None:
    """benchmarks/fork.py --card-play bid_target=false --rule-auction --overbid
    (issue 17: playing for what the bid needs, measured where it acts): three
    RuleBots bid and declare; a rotation is forked only where the declarer then
    needs schneider or schwarz to reach his bid (seed 8: deal 96, diamonds
    "without 1" bid 33, 36 only with schwarz; not deal 95), each rotation
    alike since RuleBot's auction does not depend on the seat's seed.
    --rule-auction alone forks every game with a declarer; both go with the
    first-card levers only."""
    from skatlib import ISKO, RuleBot, new_game
    from skatlib.bots import seeded_deal
    from skatlib.scoring import levels_needed, matadors_mask

    fork = _fork()
    specs = (_fork_bot(1), "rule", "rule")
    kw: dict[str, Any] = {"lever": "card-play", "settings": {"bid_target": False},
                          "rule_auction": True}
    state, _ = fork._play_to_stop(new_game(seeded_deal(8, 96), ISKO),
                                  [RuleBot() for _ in range(3)], [False] * 3)
    assert fork.needs_more(state) and state.contract is not None
    d = int(state.declarer)
    world = fork._real_world(state)
    m = matadors_mask(int(state.contract.game_type), world.hands[d] | world.skat)
    assert levels_needed(state.contract, state.bid, m) == (True, True)
    games = [fork.fork_game(specs, 96, 8, ISKO, r, 0, overbid=True, **kw) for r in range(3)]
    assert all(isinstance(g, tuple) for g in games)
    assert [g[6] for g in games if isinstance(g, tuple)].count(True) == 1
    assert [fork.fork_game(specs, 95, 8, ISKO, r, 0, overbid=True, **kw)
            for r in range(3)] == [None] * 3
    plain = fork.fork_game(specs, 95, 8, ISKO, 0, 0, **kw)
    state, _ = fork._play_to_stop(new_game(seeded_deal(8, 95), ISKO),
                                  [RuleBot() for _ in range(3)], [False] * 3)
    assert isinstance(plain, tuple) == (state.declarer is not None)
    assert not fork.needs_more(state)
    with pytest.raises(SystemExit, match="go with --sees or --card-play"):
        fork.fork_game(specs, 96, 8, ISKO, 0, 3, rule_auction=True)


def test_fork_tweaked_plays_with_the_settings_from_its_trick_on() -> None:
    """benchmarks/fork.py's _Tweaked: in the card play from ``from_trick`` on the
    bot decides with the settings (here 5 worlds sampled instead of 2, seen in
    its trace), before it and outside the card play with its own; its own
    settings are back after every decision."""
    from skatlib import ISKO, Phase, apply, new_game, observe
    from skatlib.bots import seeded_deal
    from skatlib.bots.pimc import PIMCBot
    from skatlib.search.solver import Solver

    fork = _fork()
    sampled: dict[bool, set[int]] = {True: set(), False: set()}
    for i in range(6):
        bot = PIMCBot(3, 2, max_nodes=2000, cpu_limit=None, bidding="rules", trace=True,
                      solver=Solver(tt=False))
        tweaked = fork._Tweaked(bot, {"worlds": 5}, from_trick=3)
        state = new_game(seeded_deal(2, i), ISKO)
        while not state.is_finished:
            o, legal = observe(state, state.to_move_index), state.legal_actions()
            before = len(bot.decisions)
            state = apply(state, tweaked.act(o, legal))
            assert bot.worlds == 2
            if o.phase == Phase.PLAYING and len(bot.decisions) > before:
                sampled[len(o.tricks) >= 2].add(bot.decisions[-1].sampled)
    assert sampled == {True: {5}, False: {2}}


def test_fork_sees_passed_in_deals_are_not_forked() -> None:
    """benchmarks/fork.py --sees: a deal passed in (deal 6, rotation 0) has no
    card play to fork (``None``), as with the other levers."""
    from skatlib import ISKO, PassedIn, result
    from skatlib.bots.arena import duplicate_game

    fork = _fork()
    specs = (_fork_bot(1), "rule", "rule")
    _, record = duplicate_game(specs, 6, 1, ISKO, 0)
    assert isinstance(result(record.replay()), PassedIn)
    assert fork.fork_game(specs, 6, 1, ISKO, 0, 0, lever="sees") is None


def test_fork_seer_plays_a_best_card_of_the_real_world() -> None:
    """benchmarks/fork.py's _Seer: in the card play the bot solves the one real
    world, so its card is one the solver rates best there for its side (the
    declarer's score steps, :meth:`PIMCBot._utilities`); the bot's generator,
    budgets and solver are left as they were."""
    from skatlib import ISKO, Phase, Play, RuleBot, apply, new_game, observe
    from skatlib.bots import seeded_deal
    from skatlib.bots.pimc import PIMCBot, _win_points
    from skatlib.search.sampling import World
    from skatlib.search.solver import Solver

    fork = _fork()
    checked = missed = 0
    for i, tricks in ((i, t) for t in (3, 6) for i in range(10)):
        state = new_game(seeded_deal(2, i), ISKO)
        rule = RuleBot()
        while not state.is_finished and not (state.phase == Phase.PLAYING
                                             and len(state.tricks) == tricks):
            state = apply(state, rule.act(observe(state, state.to_move_index),
                                          state.legal_actions()))
        if state.is_finished or state.declarer is None:
            continue
        seat = state.to_move_index
        bot = PIMCBot(7, max_nodes=10, cpu_limit=0.001)
        before = (bot.rng.getstate(), bot.max_nodes, bot.cpu_limit, bot.solver)
        card = fork._Seer(bot, state).act(observe(state, seat), state.legal_actions())
        after = (bot.rng.getstate(), bot.max_nodes, bot.cpu_limit, bot.solver)
        hands = state.hands
        pos = PIMCBot._position(observe(state, seat), World(
            (hands[0].mask, hands[1].mask, hands[2].mask), state.skat.mask))
        assert state.contract is not None
        judge = PIMCBot(0, solver=Solver())
        utilities = judge._utilities(pos, _win_points(state.contract))
        best = (max if seat == int(state.declarer) else min)(utilities.values())
        assert utilities[int(card.card)] == best
        assert after == before and "_sample" not in vars(bot)
        checked += 1
        rule_card = rule.act(observe(state, seat), state.legal_actions())
        assert isinstance(rule_card, Play)
        missed += utilities[int(rule_card.card)] != best
    assert checked >= 10 and missed  # RuleBot's card (the bot's fallback) is not always best


def test_fork_sees_reports_each_role(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/fork.py --sees reads a run back (every deal already in --out,
    so nothing is played) and splits the paired difference by bot 1's role,
    per game of the run."""
    fork = _fork()
    out = tmp_path / "sees.jsonl"
    rows = [[[10.0, 40.0, "G", "G", True, True, True], None, [-5.0, -5.0, "S", "S", True, True,
                                                             False]],
            [[0.0, -30.0, "D", "D", True, False, False], [20.0, 20.0, "N", "N", False, False,
                                                         True], None]]
    out.write_text("".join(json.dumps({"deal": i, "games": g}) + "\n"
                           for i, g in enumerate(rows)), encoding="utf-8")
    assert fork.main(["--sees", "--deals", "2", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 duplicate deals, 6 games; the card play began with a declarer "
                           "in 4; bot 1 sees every card in 4 ")
    assert "same contract" not in text
    # per game of the run: (30 + 0) / 2 / 3 in all; declarer (+10, 0) / 3, defence (0, -10)
    assert "new - old in bot 1's margin over the mean of the others: +0.00 per game" in text
    assert "bot 1 declared: 2 games, the declarer won 1 old, 1 new; new - old in the " \
           "margin +5.00 per game of the run" in text
    assert "another bot declared: 2 games, the declarer won 2 old, 1 new; new - old in the " \
           "margin -5.00 per game of the run" in text
    # and each role by the kind of game (the contract as the file holds it)
    assert "  by game, games and new - old per game of the run: suit 0 (won 0 old, 0 new) " \
           "+0.00; grand 1 (won 1 old, 1 new) +5.00; null 1 (won 0 old, 0 new) +0.00\n" in text
    assert "  by game, games and new - old per game of the run: suit 2 (won 2 old, 1 new) " \
           "-5.00; grand 0 (won 0 old, 0 new) +0.00; null 0 (won 0 old, 0 new) +0.00\n" in text
    # one role read from a file of both: that role's games alone, named with the trick
    assert fork.main(["--sees", "--deals", "2", "--out", str(out), "--role", "declarer",
                      "--from-trick", "4"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 duplicate deals, 6 games; the card play began with a declarer, "
                           "bot 1 the declarer in 2; bot 1 sees every card from trick 4 on "
                           "in 2 ")
    assert "in those: the declarer won 1 old, 1 new; new - old per such game: +15.00" in text
    assert "the others: +5.00 per game of the run" in text
    assert "bot 1 declared: 2 games" in text and "another bot declared" not in text
    assert fork.main(["--sees", "--deals", "2", "--out", str(out), "--role", "defender"]) == 0
    text = capsys.readouterr().out
    assert "began with a declarer, bot 1 a defender in 2; bot 1 sees every card in 2 " in text
    assert "the others: -5.00 per game of the run" in text
    assert "bot 1 declared" not in text and "another bot declared: 2 games" in text
    # --less: paired by deal with another run's file, over the deals in both
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"deal": 1, "games": [[0.0, 30.0, "D", "D", True, True, True],
                                                      None, None]}) + "\n", encoding="utf-8")
    assert fork.main(["--sees", "--deals", "2", "--out", str(out), "--less", str(other),
                      "--role", "declarer"]) == 0
    # deal 1 alone: this run's declarer games gain 0, the other's +30 / 3
    assert "1 deals in both: this run +0.00, the other +10.00 per game of the run; this " \
           "less the other -10.00" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        fork.main(["--sees", "--deals", "2", "--out", str(out), "--less",
                   str(tmp_path / "none.jsonl")])
    assert "--less: no file" in capsys.readouterr().err


def test_fork_card_play_reports_its_settings_and_each_role(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/fork.py --card-play reads a run back (nothing to play) and names
    the settings as given, split by role as --sees is."""
    fork = _fork()
    out = tmp_path / "worlds.jsonl"
    rows = [[[10.0, 40.0, "G", "G", True, True, True], None, None],
            [[0.0, -30.0, "D", "D", True, False, False], None, None]]
    out.write_text("".join(json.dumps({"deal": i, "games": g}) + "\n"
                           for i, g in enumerate(rows)), encoding="utf-8")
    assert fork.main(["--card-play", "worlds=60, fight=False", "--deals", "2",
                      "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("2 duplicate deals, 6 games; the card play began with a declarer "
                           "in 2; bot 1 plays with worlds=60,fight=false in 2 ")
    assert "bot 1 declared: 1 games, the declarer won 1 old, 1 new; new - old in the " \
           "margin +5.00 per game of the run" in text
    assert "another bot declared: 1 games, the declarer won 1 old, 0 new; new - old in the " \
           "margin -5.00 per game of the run" in text


def test_fork_oracle_solves_the_real_deal_after_rulebots_declaration(
        capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/fork.py --oracle: RuleBot's own discard is judged as the game
    itself would be solved after RuleBot declares (the real state's position:
    61 card points, or no trick in a null), and the counts printed are those
    of the deals' outcomes."""
    from skatlib import ISKO, Phase, RuleBot, apply, observe
    from skatlib.bots import seeded_deal
    from skatlib.search.solver import Solver, position_of

    fork = _fork()
    solver = Solver()
    results = [fork.discard_oracle(i, 1, ISKO, 3, solver) for i in range(4)]
    assert any(r is not None for r in results)
    for i, r in enumerate(results):
        bots = [RuleBot() for _ in range(3)]
        state = fork.new_game(seeded_deal(1, i), ISKO)
        picked = False
        while state.phase != Phase.PLAYING and not state.is_finished:
            seat = state.to_move_index
            o = observe(state, seat)
            picked = picked or (o.phase == Phase.DECLARING and o.picked_up)
            state = apply(state, bots[seat].act(o, state.legal_actions()))
        if not picked or state.is_finished:
            assert r is None
            continue
        assert r is not None and 1 <= len(r[1]) <= 3 and r[1][0] == r[0]
        contract = state.contract
        assert contract is not None
        pos = position_of(state)
        assert r[0] == (solver.null_clean(pos) if contract.is_null else solver.reaches(pos, 61))
    got = [r for r in results if r is not None]
    gain = sum(not r[0] and any(r[1]) for r in got)
    fork.oracle_report(results, 4, 3)
    out = capsys.readouterr().out
    assert out.startswith(f"4 deals (three RuleBots): {len(got)} declarations after a "
                          f"pickup; double dummy in the real deal the declarer wins "
                          f"{sum(r[0] for r in got)} with RuleBot's discard")
    assert f"another discard turns {gain} lost into won" in out
    assert "the searched choice" not in out  # without --worlds
    assert fork.main(["--oracle", "1", "--discards", "2", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("1 deals (three RuleBots): ")

    searched = [fork.discard_oracle(i, 1, ISKO, 3, solver, worlds=2) for i in range(4)]
    for r, w in zip(results, searched):
        assert (r is None) == (w is None)
        if r is not None and w is not None:
            assert w[:2] == r[:2] and w[2] in w[1]
    fork.oracle_report(searched, 4, 3)
    found = [w for w in searched if w is not None]
    up = sum(not w[0] and bool(w[2]) for w in found)
    down = sum(w[0] and not w[2] for w in found)
    out = capsys.readouterr().out
    assert f"the searched choice turns {up} lost into won" in out
    assert f"and {down} won into lost" in out and f"net {up - down:+d} of {len(found)}" in out


def test_pimc_fusion_counts_where_one_plan_changes_the_declarers_card(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --fusion: per trick, the declarer's decisions searched
    at depth 1 and depth D (alphamu_wins); with depth 1 nothing can change, with
    depth 2 a changed best card implies a lowered count, and a search past the
    budget is counted as not searched; ``--role defender`` counts the bot's
    decisions as a defender instead.  (Quick PIMC bots stand in for the
    registry's, whose games take seconds.)"""
    import re

    from skatlib.bots.pimc import PIMCBot

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    monkeypatch.setattr(module, "make_bot", lambda name, seed: PIMCBot(
        seed=seed, worlds=4, max_nodes=4000, eval_worlds=3, eval_nodes=20_000,
        eval_world_nodes=5_000, cpu_limit=None))

    def table(*args: str) -> list[list[int]]:
        assert module.main(["--fusion", "4", "--seed", "2", *args]) == 0
        out = capsys.readouterr().out
        assert re.search(r"4 deals \(seed 2\), 12 games, the default bot declared \d+ "
                         r"and defended \d+;", out), out
        role = args[args.index("--role") + 1] if "--role" in args else "declarer"
        assert f"the bot's decisions as {role}" in out, out
        rows = re.findall(r"^\s*(\d+|all)((?:\s+\d+){7})\s+(?:[\d.]+\s+[\d.]+|-\s+-)$", out,
                          re.MULTILINE)
        assert rows and rows[-1][0] == "all", out
        return [[int(x) for x in r[1].split()] for r in rows]

    deep = table("--depth", "2", "--from-trick", "5")
    total = deep[-1]
    assert total[0] > 0 and total[0] == sum(r[0] for r in deep[:-1])
    for decisions, searched, lower, changed, other, below_1, below_d in deep:
        assert decisions >= searched >= lower >= changed >= other
        assert below_1 <= searched and below_d <= searched
    flat = table("--depth", "1", "--from-trick", "5")[-1]
    assert flat[0] == flat[1] > 0 and flat[2:5] == [0, 0, 0] and flat[5] == flat[6]
    starved = table("--depth", "2", "--from-trick", "5", "--budget", "1")[-1]
    # the same games (the twin's search does not touch the bot); the endgames
    # the solver's tables decide need no node, the others pass the budget
    assert starved[0] == flat[0] and starved[1] < starved[0]
    defence = table("--depth", "2", "--from-trick", "5", "--role", "defender")
    assert defence[-1][0] > 0
    assert defence != deep  # the same games, other decisions counted
    for decisions, searched, lower, changed, other, below_1, below_d in defence:
        assert decisions >= searched >= lower >= changed >= other
        assert below_1 <= searched and below_d <= searched
    with pytest.raises(SystemExit):
        module.main(["--fusion", "2", "--depth", "0"])
    with pytest.raises(SystemExit):
        module.main(["--fusion", "2", "--role", "partner"])


def test_declared_sets_the_searched_win_probability_against_the_outcome(
        capsys: pytest.CaptureFixture[str]) -> None:
    """benchmarks/pimc.py --declared (issue 17: the figure behind
    ``declare_calibration``): deal 4 of seed 1 played as the arena plays it.
    In rotation 2 bot 1 picks up and declares a grand: the contract and the
    outcome are the arena game's, and the declaration's probability is that of
    the grand with the discard declared among the contracts it compared; in
    rotation 0 bot 1 does not declare (``None``).  The command line counts the
    same games."""
    import sys
    import types

    from skatlib import ISKO, Declare, GameResult, result
    from skatlib.bots.arena import duplicate_game

    module = load_script("benchmarks/pimc.py", "skatlib_benchmarks_pimc")
    quick = types.ModuleType("declared_quick")
    quick.Bot = _fork_bot(1)  # type: ignore[attr-defined]
    sys.modules["declared_quick"] = quick
    specs = ("declared_quick:Bot", "rule", "rule")
    try:
        assert module.declared_estimates(specs, 4, 1, 0) is None
        recorder = module._Recorder(specs[0])
        at_seat, record = duplicate_game((recorder, "rule", "rule"), 4, 1, ISKO, 2)
        got = module.declared_estimates(specs, 4, 1, 2)
        games = [module.declared_estimates(specs, i, 1, r) for i in range(5) for r in range(3)]
        assert module.main(["--declared", "5", "--seed", "1", "--bots", ",".join(specs)]) == 0
    finally:
        del sys.modules["declared_quick"]
    res = result(record.replay())
    assert isinstance(res, GameResult) and res.declarer is not None
    assert at_seat[int(res.declarer)] == 0
    assert got is not None and got[:2] == (str(res.contract), res.won) and got[0] == "G"
    declare = next(a for a in record.actions if isinstance(a, Declare))
    assert declare.discard is not None and len(recorder.seen) == 1
    (estimate,) = [e for e in recorder.seen[0].estimates
                   if (e.contract, e.discard) == (res.contract, declare.discard.mask)]
    assert got[3] == estimate.win_probability() and 0.0 <= got[3] <= 1.0
    assert len(recorder.seen[0].estimates) >= 2
    out = capsys.readouterr().out
    mine = [g for g in games if g is not None]
    assert out.startswith(f"5 duplicate deals (seed 1), 15 games; bot 1 (declared_quick:Bot) "
                          f"declared {len(mine)}, won {sum(g[1] for g in mine)}\n")
    assert "the declaration after a pickup's win probability of the game declared: " in out
    assert "the power that fits best: p ** " in out


SCRIPTS_WITH_OPTIONS = {"bench_kernel": 1, "fork": 19, "import_time": 3, "iss_memory": 7,
                        "iss_replay": 3, "pimc": 20, "rl": 6, "run": 8, "soak": 9,
                        "solver": 16}
"""benchmarks/*.py with a command line, and how many options each has at least."""


def test_every_benchmark_with_a_command_line_is_in_the_help_check() -> None:
    """A new script with options is added to :data:`SCRIPTS_WITH_OPTIONS`."""
    from scripts import ROOT

    with_options = {path.stem for path in (ROOT / "benchmarks").glob("*.py")
                    if "add_argument(" in path.read_text(encoding="utf-8")}
    assert with_options == set(SCRIPTS_WITH_OPTIONS)


@pytest.mark.parametrize("script", sorted(SCRIPTS_WITH_OPTIONS))
def test_help_describes_every_option_of_each_benchmark(
        script: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--help`` of every benchmark script gives each option a line of its own
    (before, benchmarks/pimc.py and benchmarks/fork.py listed bare flags, and
    four others a bare ``--seed`` or ``--repeats``)."""
    import argparse

    module = _fork() if script == "fork" else load_script(
        f"benchmarks/{script}.py", f"skatlib_benchmarks_{script}")
    parsers: list[argparse.ArgumentParser] = []
    original = argparse.ArgumentParser.parse_args

    def spy(self: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> Any:
        parsers.append(self)
        return original(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(argparse.ArgumentParser, "parse_args", spy)
        with pytest.raises(SystemExit) as stop:
            module.main(["--help"])
    assert stop.value.code == 0
    assert "usage:" in capsys.readouterr().out
    options = [a for a in parsers[0]._actions if a.option_strings != ["-h", "--help"]]
    assert len(options) >= SCRIPTS_WITH_OPTIONS[script]
    bare = [a.option_strings[0] for a in options if not a.help]
    assert bare == []
    if script in ("pimc", "fork"):  # what each mode prints is in the module's docs
        assert f"benchmarks/{script}.py" in (parsers[0].epilog or "")
