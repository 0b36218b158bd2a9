"""The engine's command line: `cachette replay|bench|arena|gap|calibrate …`, also run as `python -S -m engine …`."""

import argparse
import json
import sys

from .errors import EngineError
from .record import replay_lines


def replay_command(args):
    try:
        stream = sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")
    except OSError as error:
        print(f"cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 1
    try:
        with stream:
            state = replay_lines(stream)
            if args.seat is None:
                output = state.summary()
            else:
                output = state.view(args.seat)
    except EngineError as error:
        print(error, file=sys.stderr)
        return 1
    except UnicodeDecodeError:
        print(f"{args.file} is not UTF-8 text", file=sys.stderr)
        return 1
    print(json.dumps(output, ensure_ascii=False))
    return 0


def bench_command(args):
    from .bench import run_bench

    try:
        return run_bench(args.game, args.seconds)
    except EngineError as error:
        print(error, file=sys.stderr)
        return 1


def arena_command(args):
    from .strength.arena import run_arena

    return run_arena(args)


def gap_command(args):
    from .strength.gap import run_gap

    return run_gap(args)


def calibrate_command(args):
    from .strength.calibration import run_calibration

    return run_calibration(args)


def build_parser():
    parser = argparse.ArgumentParser(prog="cachette", description="Cachette's rules engine")
    commands = parser.add_subparsers(dest="command", required=True)

    replay = commands.add_parser("replay", help="apply a record and print its summary or a seat's view")
    replay.add_argument("file", help="a JSON Lines record, or - for standard input")
    replay.add_argument("--seat", type=int, help="print what this seat may see instead of the summary")
    replay.set_defaults(run=replay_command)

    bench = commands.add_parser("bench", help="measure random deals per second")
    bench.add_argument("game")
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.set_defaults(run=bench_command)

    from .strength.arena import add_arguments

    arena = commands.add_parser("arena", help="two robot levels play duplicate deals; prints A's edge per deal")
    add_arguments(arena)
    arena.set_defaults(run=arena_command)

    from .strength import calibration, gap

    gap_parser = commands.add_parser("gap", help="per game, the share of the gap from simple to the oracle that strong closes")
    gap.add_arguments(gap_parser)
    gap_parser.set_defaults(run=gap_command)

    calibrate = commands.add_parser("calibrate", help="rate the robot levels per game and write the rating anchors file")
    calibration.add_arguments(calibrate)
    calibrate.set_defaults(run=calibrate_command)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.run(args)
