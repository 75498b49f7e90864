(function(){
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
})();
