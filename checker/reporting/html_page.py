"""What every HTML page of the report shares: the page shell, style sheet, script and small helpers.

The shared assets are written once per report, not once per page (a report of thousands of items stays
linear in its size): the style sheet ``report.css``, the script ``report.js``, the math font
``items/checker-math.woff2`` and the graph index ``graph-data.js`` (every node's page and what it uses,
loaded by an item page only when its reader asks for the transitive closure).  All are referenced
relatively, so a copied ``reports/`` folder works offline.  The script is small and optional: without it
every page still reads; with it, commands get a copy button, the graphs pan and zoom, pointing at a node
highlights its uses, the index's search and filters work, and an item page lists on demand everything it
rests on and everything that rests on it.
"""
from __future__ import annotations

from html import escape

from .svg import VERDICT_FILL, page_name

FONT_FILE = "checker-math.woff2"
ITEMS_DIR = "items"
CSS_FILE, SCRIPT_FILE, GRAPH_DATA_FILE = "report.css", "report.js", "graph-data.js"

CSS = """@font-face{font-family:"Checker Math";src:url("items/checker-math.woff2") format("woff2")}
*{box-sizing:border-box}[hidden]{display:none!important}
body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 16px 48px;color:#1b1b1b;line-height:1.5;overflow-wrap:break-word}
math{font-family:'Checker Math',math;font-size:1.12em}
h1{font-size:1.45em;margin:.7em 0 .3em;overflow-wrap:anywhere}h2{font-size:1.2em;border-bottom:1px solid #cfd8dc;padding-bottom:3px;margin-top:1.8em}
h3{font-size:1.05em;margin:.4em 0;overflow-wrap:anywhere}a{color:#0d47a1}
nav.top{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:14px;padding:8px 0;border-bottom:1px solid #eceff1}
.badge{display:inline-block;padding:0 8px;border-radius:9px;font-size:12px;font-weight:600;border:1px solid #607d8b;white-space:nowrap;vertical-align:middle}
table{border-collapse:collapse;margin:8px 0;font-size:14px}td,th{border:1px solid #cfd8dc;padding:3px 7px;vertical-align:top;text-align:left}th{background:#eceff1}
.scroll{overflow:auto;max-width:100%}.statement,.fx{overflow-x:auto;overflow-y:hidden;max-width:100%}
.fx{padding:2px 0}.fx math{display:inline math;math-style:normal}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px;background:#f5f5f5;padding:6px 8px;margin:4px 0;border-radius:4px}
code{font-size:12.5px;background:#f5f5f5;padding:0 3px;overflow-wrap:anywhere}
details{margin:4px 0}summary{cursor:pointer}details.raw summary{font-size:12px;color:#546e7a}
dl.kv{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:3px 12px;margin:6px 0}dl.kv dt{font-weight:600;font-size:13px;color:#37474f}dl.kv dd{margin:0;min-width:0}
ol.vals{margin:0;padding-left:1.4em}
.cmd{display:inline-flex;flex-wrap:wrap;gap:6px;align-items:center;max-width:100%}.cmd code{background:#263238;color:#eceff1;padding:3px 7px;border-radius:4px;user-select:all}
.cmd button{font-size:12px}
.ok{color:#2e7d32}.bad{color:#c62828;font-weight:600}.muted{color:#607d8b;font-size:13px}.remark{color:#546e7a;font-size:13px}
section.check{border:1px solid #e0e0e0;border-radius:6px;padding:4px 12px;margin:10px 0}
section.check h3{display:flex;flex-wrap:wrap;gap:6px;align-items:center}
ol.steps{padding-left:1.6em}ol.steps li{margin:6px 0}
.graph-view{position:relative;border:1px solid #cfd8dc;border-radius:6px;height:72vh;overflow:auto;background:#fff}
.graph-view.zoomable{overflow:hidden;touch-action:none;cursor:grab}.graph-view.zoomable>svg{width:100%;height:100%;display:block}
.zoom{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0;font-size:13px}.zoom button{min-width:2.4em}
svg.graph a.node.dim{opacity:.12}svg.graph.focus path.edge{stroke-opacity:.05}svg.graph path.edge.hl{stroke-opacity:1;stroke-width:2.2}
svg.graph a.node:hover>*:first-of-type,svg.graph a.node:focus>*:first-of-type{stroke:#1565c0;stroke-width:3}
ul.legend{display:flex;flex-wrap:wrap;gap:2px 16px;padding:0;margin:6px 0;list-style:none;font-size:12.5px}ul.legend li{display:flex;align-items:center;gap:4px}
.filters{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:10px 0}.filters input{flex:1 1 240px;min-width:0;font-size:16px;padding:6px 8px}
.filters select{font-size:14px;padding:4px;max-width:100%}
svg.plot{max-width:100%;height:auto}figure{margin:6px 0;max-width:100%}figcaption{font-size:13px}
details.module-panel{margin:6px 0}details.module-panel>summary{font-weight:600}ul.closure{columns:2 280px;font-size:13px;padding-left:1.2em}
.pager{display:flex;flex-wrap:wrap;justify-content:space-between;gap:6px;font-size:13px;margin:6px 0}.pager a{overflow-wrap:anywhere;min-width:0}
@media (max-width:700px){body{padding:0 10px 40px}
table.cards,table.cards tbody,table.cards tr,table.cards td{display:block;width:100%}table.cards tr.head{display:none}
table.cards tr{border:1px solid #e0e0e0;border-radius:6px;margin:8px 0;padding:4px 8px}table.cards td{border:none;padding:1px 0}
table.cards td[data-label]::before{content:attr(data-label) ": ";font-weight:600;color:#546e7a;font-size:12px}
table.items td+td{display:inline-block;width:auto;margin-right:14px}
.graph-view{height:62vh}}
"""

SCRIPT = """(function(){
document.querySelectorAll('.cmd button.copy').forEach(function(b){b.hidden=false;b.addEventListener('click',function(){
 var c=b.previousElementSibling,t=c.textContent;function sel(){var r=document.createRange();r.selectNodeContents(c);var s=getSelection();s.removeAllRanges();s.addRange(r);b.textContent='selected';}
 if(navigator.clipboard){navigator.clipboard.writeText(t).then(function(){b.textContent='copied';},sel);}else{sel();}});});
document.querySelectorAll('.graph-view').forEach(function(view){
 var svg=view.querySelector('svg.graph');if(!svg)return;var vb=svg.viewBox.baseVal,W=vb.width,H=vb.height,v;
 view.classList.add('zoomable');svg.setAttribute('width','100%');svg.setAttribute('height','100%');
 function set(x,y,w,h){v={x:x,y:y,w:w,h:h};svg.setAttribute('viewBox',[x,y,w,h].map(function(n){return n.toFixed(1);}).join(' '));}
 function fit(){var cw=view.clientWidth||W,ch=view.clientHeight||H,s=Math.min(1,cw/W);var w=cw/s,h=ch/s,y=0,hl=svg.querySelector('[data-mark="highlight"]');
  if(hl&&h<H){var b=hl.getBBox();y=Math.max(0,Math.min(H-h,b.y+b.height/2-h/2));}set((W-w)/2,y,w,h);}
 function zoom(f,px,py){var cw=view.clientWidth,ch=view.clientHeight;var sx=v.x+(px/cw)*v.w,sy=v.y+(py/ch)*v.h;var w=Math.max(40,Math.min(v.w*f,W*8)),h=w*v.h/v.w;set(sx-(px/cw)*w,sy-(py/ch)*h,w,h);}
 view.focusOn=function(id){var a=svg.querySelector('a.node[data-id="'+CSS.escape(id)+'"]');if(!a)return;view.focusId=id;var b=a.getBBox(),cw=view.clientWidth||W,ch=view.clientHeight||H;
  var w=Math.min(W,Math.max(cw,b.width*5)),h=w*ch/cw;set(b.x+b.width/2-w/2,b.y+b.height/2-h/2,w,h);};
 fit();var fold=view.closest('details');if(fold)fold.addEventListener('toggle',function(){if(fold.open){if(view.focusId){view.focusOn(view.focusId);}else{fit();}}});
 var bar=view.previousElementSibling;if(bar&&bar.classList.contains('zoom')){bar.hidden=false;bar.addEventListener('click',function(e){var a=e.target.dataset.zoom;if(!a)return;
  if(a==='fit'){fit();}else{zoom(a==='in'?1/1.4:1.4,view.clientWidth/2,view.clientHeight/2);}});}
 view.addEventListener('wheel',function(e){e.preventDefault();var r=view.getBoundingClientRect();zoom(e.deltaY>0?1.15:1/1.15,e.clientX-r.left,e.clientY-r.top);},{passive:false});
 var drag=null,moved=false;
 view.addEventListener('pointerdown',function(e){drag={x:e.clientX,y:e.clientY,vx:v.x,vy:v.y,id:e.pointerId};moved=false;});
 view.addEventListener('pointermove',function(e){if(!drag)return;var dx=e.clientX-drag.x,dy=e.clientY-drag.y;
  if(!moved&&Math.abs(dx)+Math.abs(dy)>5){moved=true;view.setPointerCapture(drag.id);}
  if(moved){set(drag.vx-dx*v.w/view.clientWidth,drag.vy-dy*v.h/view.clientHeight,v.w,v.h);}});
 function end(){drag=null;}view.addEventListener('pointerup',end);view.addEventListener('pointercancel',end);
 view.addEventListener('click',function(e){if(moved){e.preventDefault();e.stopPropagation();moved=false;}},true);
 svg.querySelectorAll('a.node').forEach(function(a){var id=a.dataset.id;
  function on(){svg.classList.add('focus');svg.querySelectorAll('path.edge').forEach(function(p){if(p.dataset.from===id||p.dataset.to===id)p.classList.add('hl');});}
  function off(){svg.classList.remove('focus');svg.querySelectorAll('path.edge.hl').forEach(function(p){p.classList.remove('hl');});}
  a.addEventListener('mouseenter',on);a.addEventListener('mouseleave',off);a.addEventListener('focus',on);a.addEventListener('blur',off);});
});
var box=document.getElementById('filters');if(box){
 var q=document.getElementById('q'),sel=box.querySelectorAll('select'),rows=document.querySelectorAll('#item-list tr[data-id]'),count=document.getElementById('count');
 function apply(){var text=q.value.trim().toLowerCase(),want={},keep={},n=0,active=!!text;
  sel.forEach(function(s){want[s.name]=s.value;if(s.value)active=true;});
  rows.forEach(function(r){var ok=(!text||r.dataset.id.toLowerCase().indexOf(text)>=0||r.dataset.title.toLowerCase().indexOf(text)>=0);
   for(var k in want){if(want[k]&&r.dataset[k]!==want[k])ok=false;}r.hidden=!ok;if(ok){keep[r.dataset.id]=1;n++;}});
  document.querySelectorAll('svg.graph a.node').forEach(function(a){a.classList.toggle('dim',active&&!keep[a.dataset.id]);});
  document.querySelectorAll('details.module-panel').forEach(function(d){if(active&&n<=200&&d.querySelector('a.node:not(.dim)'))d.open=true;});
  if(active&&n===1){var only=Object.keys(keep)[0];document.querySelectorAll('details.module-panel a.node').forEach(function(a){
   if(a.dataset.id!==only)return;var v=a.closest('.graph-view');if(v&&v.focusOn)v.focusOn(only);});}
  count.textContent=n+' of '+rows.length+' items';}
 q.addEventListener('input',apply);sel.forEach(function(s){s.addEventListener('change',apply);});apply();}
document.querySelectorAll('details.closure').forEach(function(d){
 d.addEventListener('toggle',function(){if(!d.open||d.dataset.done)return;d.dataset.done='1';
  function show(){var g=window.CHECKER_GRAPH,id=d.dataset.id,up=d.dataset.direction==='users',next={},seen={},stack=[id],out=[];
   if(up){for(var k in g){g[k][1].forEach(function(m){(next[m]=next[m]||[]).push(k);});}}
   while(stack.length){var n=stack.pop();((up?next[n]:(g[n]||[0,[]])[1])||[]).forEach(function(m){if(!seen[m]){seen[m]=1;out.push(m);stack.push(m);}});}
   out.sort();var ul=document.createElement('ul');ul.className='closure';
   out.forEach(function(m){var li=document.createElement('li'),a=document.createElement('a');a.href=g[m][0];a.textContent=m;li.appendChild(a);ul.appendChild(li);});
   var box=d.querySelector('.closure-list');box.textContent=out.length+' '+(up?'items rest on it':'nodes it rests on')+(out.length?':':'.');box.appendChild(ul);}
  if(window.CHECKER_GRAPH){show();return;}var s=document.createElement('script');s.src=d.dataset.src;s.onload=show;
  s.onerror=function(){d.querySelector('.closure-list').textContent='could not load '+d.dataset.src;};document.head.appendChild(s);});});
})();"""


def badge(verdict: str) -> str:
    fill = VERDICT_FILL.get(verdict, "#ffffff")
    colour = "#fff" if verdict in ("proved", "refuted", "error") else "#111"
    return f'<span class="badge" style="background:{fill};color:{colour}">{escape(verdict)}</span>'


class Links:
    """Relative links between the pages, from a page at the report's root (``depth`` 0) or in ``items/`` (1)."""

    def __init__(self, corpus, depth: int):
        self.corpus, self.depth = corpus, depth

    def root(self, name: str) -> str:
        return ("../" if self.depth else "") + name

    def item(self, node_id: str) -> str:
        return ("" if self.depth else ITEMS_DIR + "/") + page_name(node_id)

    def assumption(self, node_id: str) -> str:
        return self.root("assumptions.html") + "#" + escape(assumption_anchor(node_id))

    def node(self, node_id: str) -> str:
        """An item's page, or an assumption's entry on the assumptions page."""
        return self.item(node_id) if node_id in self.corpus.items else self.assumption(node_id)

    def link(self, node_id: str) -> str:
        return f'<a href="{escape(self.node(node_id))}">{escape(node_id)}</a>'

    def links(self, node_ids) -> str:
        return ", ".join(self.link(n) for n in node_ids) or "—"

    def font(self) -> str:
        return FONT_FILE if self.depth else f"{ITEMS_DIR}/{FONT_FILE}"

    def from_items(self, node_id: str) -> str:
        """The link to a node from a page in ``items/`` (what the shared graph index stores)."""
        return Links(self.corpus, 1).node(node_id)


def assumption_anchor(node_id: str) -> str:
    return "assumption-" + node_id


def page(title: str, body: str, links: Links, *, nav: str = "") -> str:
    """A whole HTML page (deterministic for its arguments)."""
    head = (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<link rel="stylesheet" href="{links.root(CSS_FILE)}"></head><body>')
    top = (f'<nav class="top"><a href="{links.root("index.html")}">index</a>'
           f'<a href="{links.root("index.html")}#graph">graph</a><a href="{links.root("index.html")}#items">items</a>'
           f'<a href="{links.root("assumptions.html")}">assumptions</a><a href="{links.root("matrix.html")}">'
           f'results × assumptions</a>{nav}</nav>')
    return f'{head}{top}{body}<script src="{links.root(SCRIPT_FILE)}"></script></body></html>\n'


def graph_data_js(corpus) -> str:
    """The shared graph index: ``window.CHECKER_GRAPH = {id: [link from items/, [ids it uses]]}`` for every node
    (one line per node; linear in nodes + edges).  A script file, not JSON, so a page opened from disk loads it."""
    import json
    links = Links(corpus, depth=1)
    rows = [json.dumps(n, ensure_ascii=False) + ":" + json.dumps([links.node(n), sorted(corpus.graph.successors(n))],
                                                               ensure_ascii=False)
            for n in sorted(corpus.graph.nodes)]
    return "window.CHECKER_GRAPH={\n" + ",\n".join(rows) + "};\n"


def closure_details(node_id: str, links: Links, direction: str, label: str) -> str:
    """A folded list of a node's transitive closure (``direction`` ``uses`` or ``users``), filled on demand by the
    script from the shared graph index instead of being written into every page."""
    return (f'<details class="closure" data-id="{escape(node_id)}" data-direction="{direction}" '
            f'data-src="{escape(links.root(GRAPH_DATA_FILE))}"><summary>{escape(label)}</summary>'
            f'<div class="closure-list muted">(listed when opened, from <a href="{escape(links.root(GRAPH_DATA_FILE))}">'
            f'{GRAPH_DATA_FILE}</a>; <code>python -m checker assumptions {escape(node_id)}</code> and '
            f'<code>dependents</code> answer the same)</div></details>')


def zoomable(svg: str, height: str = "") -> str:
    """A graph with its pan and zoom controls (the controls appear when the script runs)."""
    style = f' style="height:{height}"' if height else ""
    return ('<div class="zoom" hidden><button type="button" data-zoom="in" aria-label="zoom in">+</button>'
            '<button type="button" data-zoom="out" aria-label="zoom out">−</button>'
            '<button type="button" data-zoom="fit">fit</button><span class="muted">drag to pan; wheel or buttons to '
            f'zoom; point at a node to see its uses; fit shows the whole width (around the item on its page)</span></div><div class="graph-view"{style}>{svg}</div>')
