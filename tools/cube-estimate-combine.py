#!/usr/bin/env python3
# cube-estimate-combine: sums the per-cube lines of several tools/cube-estimate runs (uniform
# cubes, stratified cubes and the stratified draws' H counts; the same candidates in each) and
# prints the distributions and the Korf-Reid-Edelkamp node ratios at distance 17 as the tool does,
# over all of them. Usage: tools/cube-estimate-combine.py [-D18] OUT1 OUT2 ... (-DN: the distance,
# default 17). Candidates n, m and o stand alone (their X is the bound; the others are maxed with H).
import re, sys, collections
D = 17
args = [a for a in sys.argv[1:] if not a.startswith('-D')]
for a in sys.argv[1:]:
    if a.startswith('-D'): D = int(a[2:])
ALONE = set('nmo')
# tree counts
last = [0]*6 + [1]; n = []
for i in range(D+1):
    n.append(sum(last)); nxt = [0]*7
    for f in range(7):
        for g in range(6):
            if f < 6 and (g == f or g + 3 == f): continue
            nxt[g] += 3*last[f]
    last = nxt
def kre(dist):
    tot = sum(dist.values()); cdf = lambda k: sum(v for d, v in dist.items() if d <= k)/tot
    return sum(n[i]*cdf(D-i) for i in range(D+1))
hU = collections.Counter(); xU = collections.defaultdict(collections.Counter); mU = collections.defaultdict(collections.Counter)
raise_ = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
hS = collections.Counter(); cands = None
for fn in args:
    for line in open(fn):
        m = re.match(r'cube \d+: H (\d+), (.*)', line)
        if m:
            h = int(m.group(1)); hU[h] += 1
            for part in m.group(2).split(', '):
                c, x = part.split(); x = int(x); mm = x if c in ALONE else max(h, x)
                xU[c][x] += 1; mU[c][mm] += 1; raise_[c][h][mm] += 1
            cands = [p.split()[0] for p in m.group(2).split(', ')]
            continue
        m = re.match(r'stratified cube \(H (\d+)\): (.*)', line)
        if m:
            h = int(m.group(1)); it = m.group(2).split()
            for c, mm in zip(it[::2], it[1::2]): raise_[c][h][int(mm)] += 1
            continue
        m = re.match(r'H over the stratified draw: (.*?)\s+\(mean', line)
        if m:
            for kv in m.group(1).split():
                d, v = kv.split(':'); hS[int(d)] += float(v)
def mean(c): t = sum(c.values()); return sum(d*v for d, v in c.items())/t
def fmt(c): return ' '.join(f'{d}:{c[d]:g}' for d in sorted(c))
print(f'distance {D}; uniform: {sum(hU.values())} cubes; H {fmt(hU)} (mean {mean(hU):.3f}); KRE N(H) {kre(hU):.4g}')
for c in cands:
    print(f'  {c}: X {fmt(xU[c])} (mean {mean(xU[c]):.3f}); max(H,X) {fmt(mU[c])} (mean {mean(mU[c]):.3f}); raised {sum(v for h in raise_[c] for mm, v in raise_[c][h].items() if mm > h and h >= 0) } (incl. stratified); KRE ratio (uniform only) {kre(mU[c])/kre(hU):.3f}')
print(f'stratified H draw: {sum(hS.values()):g} cubes; H {fmt(hS)} (mean {mean(hS):.3f}); KRE N(H) {kre(hS):.4g}')
for c in cands:
    mix = collections.Counter()
    for h, v in hS.items():
        r = raise_[c][h]; t = sum(r.values())
        if t == 0: mix[h] += v; continue
        for mm, k in r.items(): mix[mm] += v*k/t
    rates = '; '.join(f'H={h}: ' + fmt(raise_[c][h]) for h in sorted(raise_[c]))
    print(f'  {c}: per H, max(H,X) counts: {rates}')
    print(f'  {c}: max(H,X) mean {mean(mix):.3f}; KRE N {kre(mix):.4g}, ratio {kre(mix)/kre(hS):.3f}')
