import json, glob, os, statistics, collections
HERE = os.path.dirname(os.path.abspath(__file__))
def load(f):
    d=json.load(open(f)); out={}
    for c in d['cases']:
        for p in c['phases']:
            out[(c['workload'],c['size'],p['name'])]=(p['medianNanoseconds'],p.get('allocations') or {},p.get('counters') or {}, c['reference']['medianNanoseconds'])
    return out
rounds=sorted(set(int(os.path.basename(f).split('-r')[1].split('.')[0]) for f in glob.glob(f'{HERE}/parking-r*.json')))
data={k:{r:load(f'{HERE}/{k}-r{r}.json') for r in rounds if glob.glob(f'{HERE}/{k}-r{r}.json')} for k in ('parking','noparking','base')}
rounds=[r for r in rounds if all(r in data[k] for k in data)]
print('rounds',rounds)
keys=sorted(data['parking'][rounds[0]].keys())
def med(k,key): return statistics.median(data[k][r][key][0] for r in rounds)
def fmt(ns):
    return f"{ns/1e6:.2f} ms" if ns>=1e6 else (f"{ns/1e3:.1f} µs" if ns>=1e3 else f"{ns:.0f} ns")
print("| workload | views | phase | 7e74b79 | in place (--no-parking) | parking | parking/in place | parking/7e74b79 | in place/7e74b79 |")
for key in keys:
    if key[2] in ('build','firstLayout'): continue
    rp=[data['parking'][r][key][0]/data['noparking'][r][key][0] for r in rounds]
    rb=[data['parking'][r][key][0]/data['base'][r][key][0] for r in rounds]
    rn=[data['noparking'][r][key][0]/data['base'][r][key][0] for r in rounds]
    print(f"| {key[0]} | {key[1]} | {key[2]} | {fmt(med('base',key))} | {fmt(med('noparking',key))} | {fmt(med('parking',key))} | {statistics.median(rp):.3f} ({sum(x<1 for x in rp)}) | {statistics.median(rb):.3f} ({sum(x<1 for x in rb)}) | {statistics.median(rn):.3f} ({sum(x<1 for x in rn)}) |")
print()
print("toggle vs rebuild, per round ratio rebuild/swap (same run):")
for size in (10,100,1000):
    for k in ('parking','noparking','base'):
        rs=[data[k][r][('churn.rebuild',size,'rebuild')][0]/data[k][r][('churn.sizeClassSwap',size,'sizeClassSwap')][0] for r in rounds]
        print(size,k, f"median {statistics.median(rs):.1f}x min {min(rs):.1f} max {max(rs):.1f}", "swap", fmt(med(k,('churn.sizeClassSwap',size,'sizeClassSwap'))), "rebuild", fmt(med(k,('churn.rebuild',size,'rebuild'))))
print()
for size in (10,100,1000):
    for k in ('parking','noparking'):
        key=('churn.sizeClassSwap',size,'sizeClassSwap')
        a=data[k][rounds[0]][key][1]; c=data[k][rounds[0]][key][2]
        print(size,k,'alloc',a,'pivots',c.get('pivots'),'cells',c.get('cellsTouched'))
