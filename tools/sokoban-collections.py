#!/usr/bin/env python3
"""More Sokoban collections for benchmarks, from Debian's `cavepacker-data` package (its maps are
one level a file, with a solution file beside most of them):

    tools/sokoban-collections.py [DIR]      (default: $SOLVER_CACHE_DIR/sokoban or
                                             ~/.cache/solver/sokoban)

downloads the package with `apt-get download` (no root needed, nothing installed) unless DIR
already holds it, and writes one XSB collection a set into DIR:

    microban2.xsb     Microban II, 135 levels (David W. Skinner)
    sasquatch1.xsb .. sasquatch9.xsb   Sasquatch I-IX, 50 levels each (David W. Skinner)
    grigorusha.xsb    GRIGoRusha's 140 levels, grigorusha-special.xsb his 40 special ones
    microban.xsb      Microban I, 155 levels, xsokoban.xsb the 90 XSokoban levels (the same levels
                      as puzzles/sokoban's copies, a check of the conversion)

and for each a NAME.sol file: a line "K SOLUTION" for each level K that has the package's
solution (run lengths expanded; the moves in LURD form, upper case a push). Credit: the levels'
authors, as listed above (David W. Skinner's sets freely distributed with credit; GRIGoRusha's and
XSokoban's in the public domain), and the cavepacker package (Martin Gerhardy) that collects them.
These files are benchmark inputs only: nothing in `make test` needs them."""
import glob
import os
import re
import subprocess
import sys
import tempfile

SETS = [
    ("microban2", "microban02_", "Microban II by David W. Skinner, freely distributed with credit"),
    *[(f"sasquatch{k}", f"sasquatch0{k}_", f"Sasquatch {'I II III IV V VI VII VIII IX'.split()[k - 1]}"
       " by David W. Skinner, freely distributed with credit") for k in range(1, 10)],
    ("grigorusha", "gri0", "GRIGoRusha's levels, public domain"),
    ("grigorusha-special", "grigrspecial", "GRIGoRusha's special levels, public domain"),
    ("microban", "microban01_", "Microban by David W. Skinner, freely distributed with credit"),
    ("xsokoban", "xsokoban", "XSokoban's levels, public domain"),
]
MAP_ROW = re.compile(r"^[ #@+$*.]*#[ #@+$*.]*$")


def maps_dir(out):
    found = glob.glob(os.path.join(out, "deb", "usr/share/games/cavepacker/maps"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", "cavepacker-data"], cwd=tmp, check=True)
        debs = glob.glob(os.path.join(tmp, "cavepacker-data_*.deb"))
        if not debs:
            sys.exit("sokoban-collections: apt-get download cavepacker-data gave no .deb")
        subprocess.run(["dpkg-deb", "-x", debs[0], os.path.join(out, "deb")], check=True)
    return maps_dir(out)


def level_rows(path):
    """The map rows of a .sok file, without its title, author and comment lines."""
    rows, in_comment = [], False
    with open(path, encoding="latin-1") as f:
        for line in f.read().splitlines():
            if line.startswith("Comment-End"):
                in_comment = False
            elif line.startswith("Comment"):
                in_comment = True
            elif not in_comment and MAP_ROW.match(line.rstrip()):
                rows.append(line.rstrip())
    if not rows:
        sys.exit(f"sokoban-collections: no map rows in {path}")
    return rows


def expand(solution):
    """cavepacker writes runs as a count before the move (3u = uuu) or before a group in
    parentheses, groups nested (2(3l7d6(ur)) ...): innermost groups first, then the counts."""
    s, group = solution.strip(), re.compile(r"(\d*)\(([^()]*)\)")
    while "(" in s:
        t = group.sub(lambda m: m.group(2) * int(m.group(1) or 1), s)
        if t == s:
            sys.exit(f"sokoban-collections: unbalanced parentheses in a solution: {s[:40]}")
        s = t
    return re.sub(r"(\d+)([lurdLURD])", lambda m: m.group(2) * int(m.group(1)), s)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.environ.get("SOLVER_CACHE_DIR", os.path.expanduser("~/.cache/solver")), "sokoban")
    os.makedirs(out, exist_ok=True)
    src = maps_dir(out)
    for name, prefix, credit in SETS:
        files = sorted(glob.glob(os.path.join(src, prefix + "[0-9]*.sok")))
        if prefix == "gri0":  # gri0001.. but not grigrspecial
            files = [f for f in files if re.search(r"/gri\d+\.sok$", f)]
        with open(os.path.join(out, name + ".xsb"), "w") as xsb, \
                open(os.path.join(out, name + ".sol"), "w") as sol:
            xsb.write(f"; {credit}; from Debian's cavepacker-data package.\n")
            for k, path in enumerate(files, 1):
                xsb.write(f"\n; {k}\n\n" + "\n".join(level_rows(path)) + "\n")
                solpath = path[:-4] + ".sol"
                if os.path.exists(solpath):
                    with open(solpath, encoding="latin-1") as f:
                        moves = expand(f.read())
                    if moves:
                        sol.write(f"{k} {moves}\n")
        print(f"{name}: {len(files)} levels -> {os.path.join(out, name + '.xsb')}")


if __name__ == "__main__":
    main()
