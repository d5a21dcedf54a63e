"""``boardapp map ...`` and ``boardapp render --scan``: map files and scans, headless.

    boardapp map check MAPFILE                          every problem, with its place
    boardapp map features MAPFILE                       the names --point accepts
    boardapp map calibrate MAPFILE SCAN --point NAME=X,Y ... [--projective] [--save]
    boardapp render GAME --scan SCAN -o board.png       the game over the calibrated scan
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .core.base.errors import DataError
from .core.base.i18n import N_, NP_, _

if TYPE_CHECKING:
    from .core.scan.calibration import Calibration

# Maps, scans and their calibration (networkx, shapely, numpy) are imported by the
# commands that use them: building the parser (``boardapp --help``) imports none of them.

EXIT_PROBLEMS = 1
RESIDUAL_WARNING = 5.0
"""Residuals (scan pixels) above which calibrate suggests checking the points."""


def add_map_parser(sub: argparse._SubParsersAction) -> None:
    """Add the ``map`` command and its subcommands to the ``boardapp`` parser."""
    m = sub.add_parser("map", help=_("check a map file, calibrate a scan of it"))
    msub = m.add_subparsers(dest="map_command", metavar="{check,features,calibrate}")
    msub.required = True
    check = msub.add_parser("check", help=_("validate a map file; print every problem with "
                                            "its place (exit 1 if any)"))
    check.add_argument("mapfile")
    features = msub.add_parser("features", help=_("the feature names a reference point can use"))
    features.add_argument("mapfile")
    cal = msub.add_parser("calibrate", help=_("fit the transform from map coordinates to the "
                                              "pixels of a scan; print it with the residuals"))
    cal.add_argument("mapfile")
    cal.add_argument("scan", help=_("the scan or photo (PNG, JPEG or TIFF)"))
    _point_options(cal, required=True)
    cal.add_argument("--save", action="store_true",
                     help=_("keep the scan and calibration in your board settings for this "
                            "map (the board and `render --scan` use them)"))


def _point_options(p: argparse.ArgumentParser, required: bool) -> None:
    p.add_argument("--point", action="append", default=[], required=required,
                   metavar="NAME=X,Y", help=_("a map feature (city id, BOX.tl, map.br...) "
                                              "and its pixel on the scan; three or more"))
    p.add_argument("--projective", action="store_true",
                   help=_("fit a perspective (a photograph at an angle; four points or more)"))


def add_render_options(render: argparse.ArgumentParser) -> None:
    """Add ``--scan`` (and its calibration options) to ``boardapp render``."""
    render.add_argument("--scan", default=None, metavar="SCAN",
                        help=_("draw the game over this scan of the map, calibrated with "
                               "--point or by your saved board settings"))
    _point_options(render, required=False)
    render.add_argument("--opacity", type=float, default=None,
                        help=_("opacity of the map drawn over the scan, 0..1 (0 hides it)"))


def cmd_map(args: argparse.Namespace) -> int:
    """Run ``boardapp map ...``."""
    if args.map_command == "check":
        return map_check(args.mapfile)
    if args.map_command == "features":
        from .core.board.mapdata import load_map
        from .core.scan.calibration import map_features

        bmap = load_map(args.mapfile)
        for name, (x, y) in map_features(bmap).items():
            print(f"{name}\t{x:g},{y:g}")
        return 0
    return map_calibrate(args)


def map_check(path: str) -> int:
    from .core.board.mapdata import examine_map_file

    problems, bmap = examine_map_file(path)
    for problem in problems:
        print(problem)
    if problems or bmap is None:
        print(NP_("{n} problem in {path}", "{n} problems in {path}", len(problems),
                  path=path),
              file=sys.stderr)
        return EXIT_PROBLEMS
    kind = N_("hex map") if bmap.hexgrid is not None else N_("map")
    print(N_("{path}: {kind} {id} is valid ({areas} areas, {links} links, {boxes} boxes)",
             path=path, kind=kind, id=repr(bmap.id), areas=len(bmap.areas),
             links=bmap.graph.number_of_edges(), boxes=len(bmap.boxes)))
    return 0


def fit_points(bmap, scan: str, options: list[str], projective: bool) -> Calibration:
    """The calibration given by ``--point`` options on ``scan`` (checked against its size)."""
    from .core.scan.calibration import (
        CalibrationError,
        calibrate,
        parse_point_option,
        reference_points,
    )
    from .core.scan.tiles import scan_size

    clicks = [parse_point_option(text) for text in options]
    w, h = scan_size(scan)
    for name, (x, y) in clicks:
        if not (0 <= x <= w and 0 <= y <= h):
            raise CalibrationError(N_("point {name}={x},{y} is outside the scan ({w} x {h} "
                                      "pixels)", name=name, x=format(x, 'g'), y=format(y, 'g'),
                                      w=w, h=h))
    return calibrate(reference_points(bmap, clicks), "projective" if projective else "affine")


def map_calibrate(args: argparse.Namespace) -> int:
    from .core.board.mapdata import load_map
    from .core.scan.boardsettings import load_board_settings, save_board_settings
    from .core.scan.tiles import scan_size

    bmap = load_map(args.mapfile)
    cal = fit_points(bmap, args.scan, args.point, args.projective)
    w, h = scan_size(args.scan)
    print(N_("map {id} -> scan {scan} ({w} x {h} px)", id=bmap.id, scan=args.scan, w=w, h=h))
    print(cal.report())
    if bmap.hexgrid is not None:
        grid = bmap.hexgrid
        ox, oy = cal.transform.apply(*grid.origin)
        size = grid.size * cal.transform.mean_scale()
        print(N_("hex grid on the scan: {orientation}, size {size} px (centre to corner), "
                 "hex 0,0 at ({ox}, {oy}) px", orientation=grid.orientation,
                 size=format(size, '.2f'), ox=format(ox, '.1f'), oy=format(oy, '.1f')))
    if cal.max_residual > RESIDUAL_WARNING:
        worst = max(zip(cal.residuals, cal.points, strict=True), key=lambda t: t[0])[1]
        if args.projective:
            warning = N_("warning: {name} is {off} px off; check where it was clicked",
                         name=worst.name, off=format(cal.max_residual, ".1f"))
        else:
            warning = N_("warning: {name} is {off} px off; check where it was clicked, or "
                         "try --projective", name=worst.name, off=format(cal.max_residual, ".1f"))
        print(warning, file=sys.stderr)
    if args.save:
        settings = load_board_settings(bmap.id)
        settings.scan = str(Path(args.scan).resolve())
        settings.set_calibration(cal)
        path = save_board_settings(settings)
        print(N_("saved in {path}", path=path))
    return 0


def render_over_scan(game, args: argparse.Namespace, progress=None) -> tuple[int, int]:
    """Draw ``game`` over ``args.scan`` into ``args.output``; return the image size."""
    from .core.scan.boardsettings import load_board_settings
    from .core.scan.tiles import ScanPyramid

    bmap = game.ruleset.board_map
    settings = load_board_settings(bmap.id)
    if args.point:
        transform = fit_points(bmap, args.scan, args.point, args.projective).transform
    elif settings.transform is not None and settings.scan and \
            Path(settings.scan).resolve() == Path(args.scan).resolve():
        transform = settings.transform
    else:
        raise DataError(args.scan, "", N_("this scan is not calibrated for map {id}: give "
                                          "--point NAME=X,Y three times or more, or run "
                                          "`boardapp map calibrate ... --save`", id=bmap.id))
    pyramid = ScanPyramid(args.scan)
    if not pyramid.is_built:
        print(N_("building the tiles of {scan} (once; cached)...", scan=args.scan), file=sys.stderr)
    pyramid.ensure(progress)
    opacity = settings.overlay_opacity if args.opacity is None else args.opacity
    from .ui.scan_layer import render_scan_png

    return render_scan_png(game, args.output, pyramid, transform, scale=args.scale,
                           overlay_opacity=max(0.0, min(1.0, opacity)))
