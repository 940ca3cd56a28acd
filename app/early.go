package ui

import "strings"

// Reading before the wasm.
//
// Most readers arrive by a link, on the dev server or on a static course
// site. What they read (the lanes, the current step, its explanation, its
// bytes, the next steps, the other versions) must not wait for the wasm.
// So every page the server prerenders carries, for its trace, everything
// a step changes (#wl-early, JSON made by Lab.renderEarly on the server:
// every row's HTML and classes, and per step the fields of planStep's
// patch, faststep.go, the one source of what a step changes), and where
// each toolbar pick leads (the run it shows and the step it lands on,
// decided by labState.setToggle and MapStep natively). ReaderScript, a
// small inline script in the head, draws them:
//
//   - Next and Previous, → and ←, Home and End, Restart, Play (and Space),
//     the slider and a click on a row step through the whole trace,
//     redrawing what planStep's patch draws and also what go-app's frame
//     draws after it (the deadline clock, the live-replay part, the HTTP
//     timeline: readerStep's parts, rendered per step on the server);
//   - the version and transport buttons (and the v and t keys), the
//     scenario and fault menus and the language switch fetch the other
//     run's fragment (runs/<key>.<lang>.html, the #lab that server
//     prerendered for that link: the static export writes one per run and
//     language, the dev server renders it on request) and put it in place
//     of #lab; in the compare view the same
//     picks fetch the other run's compare fragment (#wl-cmp says where
//     each leads);
//   - on a static host, which answers every link with index.html (rendered
//     for the start page), it picks the run and language of the address
//     (ReaderIndex: a table made from the engine's catalogue and ParseView,
//     looked up, never decided here) and the fragment is fetched while the
//     page is parsed.
//
// A fragment that is missing, unreadable or from another export (its
// first line is the export's version) is not shown: the page keeps the
// full loading screen (<html class="wl-stale">) and a notice in the page's
// language, and the wasm draws the link. So does a link the table does not
// cover (client settings, present=1, a value the scenario does not run
// with: the wasm explains it). Offline, the service worker answers the
// fragments the reader has fetched before (seen, below).
//
// The script puts the step (and a toggle's values) into the address bar
// as the wasm writes it (View.Query), which the wasm reads when it starts
// (Lab.OnInit) together with the fragment's #wl-trace: it then draws the
// same step, and the script stands down (it acts only while #lab is the
// element it knows and <html data-wl-ready> is unset). A control the
// script does not draw (grading, client settings, capture, another view)
// asks for the wasm (window.mcpwlNeed, page_fast.go) and gets the focus
// back once it has started.
//
// The page's language: the link's lang=, else the reader's stored choice,
// else the browser's first language that is zh* or en* (pickLang, the
// same rule in Go); the script writes lang= into the address and the
// choice into local storage only when the reader chose it (the link, the
// switch, or an earlier choice).
//
// <html data-wl-early="N"> records the step it drew last (browser tests).

// earlyID is the element holding the reader's data.
const earlyID = "wl-early"

// earlyCmpID holds the compare view's reader data (the toolbar's picks).
const earlyCmpID = "wl-cmp"

// loaderID is go-app's loading badge (static/loader.css), which the
// reader labels in the page's language.
const loaderID = "app-wasm-loader"

// langStorageKey is where the reader's language choice is kept (JSON).
const langStorageKey = "mcpwl.lang"

// ReaderScript is the inline script for the page's head; index is
// ReaderIndex().
func ReaderScript(index string) string {
	return `<script id="wl-early-step">` + strings.Replace(readerJS, "__INDEX__", index, 1) + `</script>`
}

// readerJS is ReaderScript's code. It reads window.mcpwlBoot (set by the
// boot script before it, page_fast.go: the query the page was rendered
// for, the export's version, the fragments' folder, the run and language
// the page shows) and window.mcpwlNeed (starts the wasm).
var readerJS = `(function(d,w){var X=__INDEX__,B=w.mcpwlBoot||{},h=d.documentElement,lab=null,D=null,C=null,pk={},adopting=false,later=[],tlc=-1,cur=-1,timer=0,want=null,pend=null,langURL=false,mode="steps",run="",lng="",Q="";
function g(i){return d.getElementById(i)}
// keep(): the current row (and its explanation's first lines) in view, by
// the rule the wasm follows too (scroll.go); again whenever the layout
// may have moved it (the full stylesheets applied: mcpwl-styled,
// page_fast.go; a font loaded; the load event), unless the reader has
// scrolled since (the wheel, a touch, a press on the scrollbar or
// anywhere, a scrolling key; a press on a control that steps keeps it
// again). Not by scrollY: applying the stylesheets moves it.
w.` + keepFunc + `=` + keepJS + `;var own=false;function keep(){if(lab&&live()){w.` + keepFunc + `();own=true}}
function rekeep(){if(own)keep()}d.addEventListener("mcpwl-styled",rekeep);w.addEventListener("load",rekeep);if(d.fonts&&d.fonts.addEventListener)d.fonts.addEventListener("loadingdone",rekeep);
["wheel","touchstart","pointerdown"].forEach(function(e){d.addEventListener(e,function(){own=false},{capture:true,passive:true})});d.addEventListener("keydown",function(e){if(/^(PageUp|PageDown|ArrowUp|ArrowDown)$/.test(e.key))own=false},true);
function pressed(b){var a=b.getAttribute("aria-pressed");return a!==null&&a!=="false"}
function store(){try{var s=JSON.parse(localStorage.getItem("` + langStorageKey + `")||"null");return s==="en"||s==="zh"?s:""}catch(e){return ""}}
function browser(){var l=navigator.languages||[navigator.language||""];for(var i=0;i<l.length;i++){var x=String(l[i]).toLowerCase();if(x.indexOf("zh")===0)return "zh";if(x.indexOf("en")===0)return "en"}return "en"}
function pick(q){var P=X.p,ok=true;q.forEach(function(v,k){if(P.indexOf(k)<0)ok=false});if(!ok)return null;
var vw=q.get("view")||"";if(vw&&vw!=="steps"&&vw!=="lab"&&vw!=="compare"||q.has("embed")&&q.get("embed")!=="1")return null;
var s=q.get("scenario")||X.d,e=X.s[s];if(!e)return null;
var v=q.get("version")||e.dv,t=q.get("transport")||e.dt,f=q.get("fault")||e.df;
if(e.v.indexOf(v)<0||e.t.indexOf(t)<0||e.f.indexOf(f)<0)return null;
var st=q.get("step"),n=1;if(st){n=parseInt(st,10);if(!(n>=1)||String(n)!==st)return null}
var l=q.get("lang")||"";if(l&&l!=="en"&&l!=="zh")return null;
var c=!!l;if(!l){l=store();c=!!l}if(!l)l=browser();
return{key:s+"/"+v+"_"+t+"_"+f,lang:l,step:n,chosen:c,cmp:vw==="compare",q:"scenario="+s+"&version="+v+"&transport="+t+"&fault="+f}}
function file(k,l,c){return B.root+k+"."+l+(c?".compare":"")+".html"}
function get(k,l,c){var u=file(k,l,c);return fetch(u,{credentials:"same-origin"}).then(function(r){if(!r.ok)throw new Error("HTTP "+r.status);return r.text()}).then(function(t){
var i=t.indexOf("\n");if(i<0||t.slice(0,i)!==B.stamp)throw new Error("stale");if(seen.indexOf(u)<0)seen.push(u);return t.slice(i+1)})}
// Offline: the service worker keeps each fragment fetched through it
// (internal/staticsite/static_worker.go); those fetched before it took over
// the page (a first visit) are fetched once more when it does.
var seen=[],sw=navigator.serviceWorker;if(sw&&sw.addEventListener)sw.addEventListener("controllerchange",function(){seen.forEach(function(u){fetch(u,{credentials:"same-origin"}).catch(function(){})})});
function live(){var l=g("lab");return l&&l===lab&&h.getAttribute("data-wl-ready")!=="1"}
function data(c){var el=c?g("` + earlyCmpID + `"):g("` + earlyID + `");if(!el)return null;try{return JSON.parse(el.textContent)}catch(x){return null}}
function curStep(){var c=g("step-cur");return c?parseInt(c.textContent,10)-1:-1}
// show(i): step i (0-based), as planStep's patch draws it.
function show(i){if(!D||!live())return false;var n=D.steps.length;i=Math.max(0,Math.min(i,n-1));var s=D.steps[i],ol=d.querySelector("#sequence .rows"),insp=g("insp-step"),box=g("inspector");
if(!s||!ol||!insp||!box)return false;
var have=ol.querySelectorAll(":scope>li").length;for(var k=have;k<=Math.min(i+1,n-1);k++)ol.insertAdjacentHTML("beforeend",D.rows[k]);
ol.querySelectorAll(":scope>li").forEach(function(li){var k=parseInt(li.dataset.step,10)-1,b=li.firstElementChild,st=k<i?0:k===i?1:2;
if(!D.cls[k])return;li.className=D.cls[k][st];li.hidden=k>i;if(b){if(st===1)b.setAttribute("aria-current",D.ac);else b.removeAttribute("aria-current")}});
insp.innerHTML=s.i;box.className=s.c;
var p=g("prev"),x=g("next"),j=g("jump"),m=g("seq-more"),c=g("step-cur"),t=g("vclock-t");
if(p)p.disabled=s.p;if(x)x.disabled=s.n;if(j){j.value=i+1;j.setAttribute("aria-valuetext",s.t)}
if(c)c.textContent=String(i+1);if(t)t.textContent=s.k;if(m){m.className=s.mc;m.textContent=s.m}
parts(i,s,box);cur=i;url();keep();
h.setAttribute("data-wl-early",String(i+1));return true}
// parts(i, s, box): what else step i changes: the deadline clock, the
// inspector's live replay part, the HTTP timeline (readerStep).
function parts(i,s,box){var u=D.u||[],ck=g("` + idClock + `"),lv=box.querySelector(":scope>.live"),tl=g("` + idTimeline + `"),tn=g("` + idTlNow + `");
if(ck&&u[s.dl]!=null&&pk.dl!==s.dl){ck.outerHTML=u[s.dl];pk.dl=s.dl}
if(lv&&s.lv>=0&&u[s.lv]!=null&&pk.lv!==s.lv){lv.outerHTML=u[s.lv];pk.lv=s.lv}
if(!tl||!D.tlm)return;if(tn)tn.textContent=s.tn||"";
tl.querySelectorAll(".tl-marks>.tl-mark").forEach(function(e,k){var c=D.tlm[k];if(c)e.className=c[k<i?0:k===i?1:2]});
if(s.ts)tl.querySelectorAll(".tl-span").forEach(function(e,k){if(s.ts[k]!=null)e.className=s.ts[k]});
if(tlc!==i){tl.querySelectorAll("#tl-details ol>li").forEach(function(e,k){var c=D.tli[k];if(c&&(tlc<0||k===tlc||k===i))e.outerHTML=c[k===i?1:0]});tlc=i}}
function url(){var q=Q+"&step="+(cur+1)+(langURL?"&lang="+lng:"")+(mode==="compare"?"&view=compare":""),e=g("` + idEmbedOpen + `");if(e)e.setAttribute("href","?"+q);if(emb)q+="&embed=1";
if(location.search!=="?"+q)history.replaceState(history.state,"",location.pathname+"?"+q+location.hash)}
// put(html, step, focus, compare): a fragment in place of #lab, drawn
// whole (without the first frame's wl-first mark, page_fast.go: the chrome
// appearing a frame later moved the rows, CLS 0.10).
function put(html,i,focus,c,k,l,early){var old=g("lab");if(!old)return false;stop();h.classList.remove("wl-first");
if(early){old.insertAdjacentHTML("beforebegin",html);d.addEventListener("DOMContentLoaded",function(){old.remove()})}else old.outerHTML=html;lab=g("lab");D=data();pk={};tlc=-1;if(!lab)return false;
h.lang=lab.getAttribute("lang")||h.lang;run=k||run;lng=l||lng;
if(c){D=null;C=data(1);mode="compare";cur=i;if(C){Q=C.q;run=C.run;lng=C.lang;d.title=C.title}mark(i);url()}else if(!D){cur=-1;need();return true}else{mode="steps";Q=D.q;run=D.run;lng=D.lang;d.title=D.title;cur=curStep();show(i)}
if(focus){var f=d.querySelector(focus);if(f)f.focus()}return true}
// label(k): the loader's words in the page's language (0 loading, 1 the
// fallback notice), once the body holds the loader; its icon is
// decoration (go-app's alt text is English).
function label(k){var l=(want&&want.lang)||(D&&D.lang)||B.lang||"en",t=(X.txt[l]||X.txt.en)[k];function set(){var el=g("` + loaderID + `"),im=el&&el.querySelector("img");if(el){el.setAttribute("data-label",t);el.setAttribute("lang",l==="zh"?"zh-CN":"en");if(k)el.setAttribute("role","status")}if(im)im.setAttribute("alt","")}
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",set);else set()}
function fail(why){h.classList.add("wl-stale","wl-nofrag");h.setAttribute("data-wl-fallback",why);label(1);if(w.mcpwlNeed)w.mcpwlNeed()}
function go(k,l,i,focus,c){if(pend)return;pend=get(k,l,c).then(function(t){pend=null;if(!put(t,i,focus,c,k,l))fail("shape")},function(e){pend=null;fail(String(e&&e.message||e))})}
// mark(i): the compare view's current row (the column of this run, tbody data-cur).
function cmpRows(){var tb=d.querySelector("#lab tbody[data-cur]");return tb?{col:tb.dataset.cur,rows:tb.querySelectorAll(":scope>tr")}:null}
function mark(i){var c=cmpRows();if(!c)return;c.rows.forEach(function(tr){var on=tr.dataset[c.col]===String(i);tr.classList.toggle("current",on);if(on)tr.setAttribute("aria-current","step");else tr.removeAttribute("aria-current")});keep()}
function cmpLast(){var c=cmpRows(),n=0;if(c)c.rows.forEach(function(tr){n=Math.max(n,parseInt(tr.dataset[c.col],10))});return n}
// cmpTog(param, value, focus): a toolbar pick in the compare view, the
// other run's compare fragment at the step it maps to (#wl-cmp).
function cmpTog(p,v,f){var T=C&&C.tog[p+"="+v];if(!T)return false;go(T.k,lng,T.m[cur]||0,f,true);return true}
// cmpAct: the compare view before the wasm: back to the steps, the
// arrows, the toolbar's picks and the language; anything else is the wasm's.
function cmpAct(b,k){if(mode!=="compare"||!live()||pend)return false;
if(k){var to={ArrowRight:cur+1,ArrowLeft:cur-1,Home:0,End:cmpLast()}[k];if(to!==undefined){cur=Math.max(0,Math.min(to,cmpLast()));mark(cur);url();return true}if(k==="c"){go(run,lng,cur,null,false);return true}
if((k==="v"||k==="t")&&C&&C.keys&&C.keys[k]){var pv=C.keys[k].split("=");return cmpTog(pv[0],pv[1],null)}return false}
var sg=b.closest(".seg");if(sg&&sg.id==="viewmode"&&b.dataset.value==="steps"){go(run,lng,cur,'#viewmode [data-value="steps"]',false);return true}
if(!lab.contains(b)||b.tagName==="A")return false;
if(sg&&(sg.id==="version"||sg.id==="transport")&&b.dataset.value){if(!pressed(b)&&!cmpTog(sg.id,b.dataset.value,"#"+sg.id+' [data-value="'+b.dataset.value+'"]'))need(b);return true}
if(b.tagName==="SELECT"&&(b.id==="scenario"||b.id==="fault"))return false;
if(b.id==="lang-switch"&&C){var l=lng==="zh"?"en":"zh";langURL=true;try{localStorage.setItem("` + langStorageKey + `",JSON.stringify(l))}catch(x){}go(run,l,cur,"#lang-switch",true);return true}
need(b);return true}
// The page's own run, or the address's.
function start(){lab=g("lab");D=data();
if(!want){if(D&&location.search.replace(/^\?/,"")===B.q)cur=curStep();else D=null;if(!D)need();return}
langURL=want.chosen;if(want.chosen&&want.lang)try{localStorage.setItem("` + langStorageKey + `",JSON.stringify(want.lang))}catch(e){}
if(D&&D.run===want.key&&D.lang===want.lang){Q=D.q;run=D.run;lng=D.lang;cur=curStep();if(cur!==want.step-1)show(want.step-1);else{url();keep()}return}
D=null;if(!pend)go(want.key,want.lang,want.step-1)}
var emb=/[?&]embed=1(&|$)/.test(location.search);if(emb)h.classList.add("wl-embed");
want=pick(new URLSearchParams(location.search));label(0);
if(!want&&location.search.replace(/^\?/,"")!==B.q){h.classList.add("wl-stale");if(w.mcpwlNeed)w.mcpwlNeed()}
if(want&&(want.cmp||!(want.key===B.run&&want.lang===B.lang)||B.lean&&want.step!==B.lean)){h.classList.add("wl-stale");Q=want.q;var early=get(want.key,want.lang,want.cmp);
// The fragment goes in as soon as it is here: while the rest of the
// page (the start page's #lab, hidden) is still parsed, it is put before
// that #lab, which goes once parsed (loader.css hides a second #lab).
pend=w.mcpwlPending=new Promise(function(done){early.then(function(t){var fin=0;function f(){if(fin)return;var o=d.body&&d.body.firstElementChild;
if(d.readyState==="loading"&&!(o&&o.id==="lab")){setTimeout(f,10);return}fin=1;pend=null;
if(!put(t,want.step-1,null,want.cmp,want.key,want.lang,d.readyState==="loading"))fail("shape");else{h.classList.add("wl-read");h.classList.remove("wl-stale")}done()}
f();d.addEventListener("DOMContentLoaded",f)},
function(e){pend=null;fail(String(e&&e.message||e));done()})});
if(want.chosen)try{localStorage.setItem("` + langStorageKey + `",JSON.stringify(want.lang))}catch(e){}langURL=want.chosen}
else if(want&&B.lean)adopt();
else if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",start);else start();
// adopt(): a lean page (page_fast.go's Page.Lean: the static export's
// index.html) shows the address's run and step but carries no data to
// step with: its fragment's #wl-early and #wl-trace go into its #lab, and
// what the reader did meanwhile (a button, a key, the slider, a menu) is
// done then (later). If the fragment cannot be had, the page stays as it
// is, the loading badge says why (label(1): the fallback notice, in the
// page's language) and the wasm takes over.
function adopt(){adopting=true;Q=want.q;var p=get(want.key,want.lang,false);
pend=w.mcpwlPending=new Promise(function(done){function end(){adopting=false;done();var l=later;later=[];l.forEach(function(f){f()})}
p.then(function(t){function f(){pend=null;var l=g("lab"),m=t.match(/<script type="application\/json" id="wl-(?:early|trace)"[^>]*>[\s\S]*?<\/script>/g);
if(l&&m&&!g("` + earlyID + `")&&h.getAttribute("data-wl-ready")!=="1")l.insertAdjacentHTML("beforeend",m.join(""));start();end()}
if(d.readyState==="loading")d.addEventListener("DOMContentLoaded",f);else f()},
function(e){pend=null;h.setAttribute("data-wl-fallback",String(e&&e.message||e));label(1);end();need()})})}
function ready(){if(!D&&d.readyState==="loading"&&!pend){lab=g("lab");D=data();if(D)cur=curStep()}return D&&live()&&!pend}
// hold(e, t): the slider or a menu moved while a lean page's data is on its way (adopt).
function hold(e,t){if(adopting&&t&&(t.id==="scenario"||t.id==="fault"||t.id==="jump"))later.push(function(){t.dispatchEvent(new Event(e.type,{bubbles:true}))})}
function stop(){if(timer){clearInterval(timer);timer=0;playBtn(false)}}
function playBtn(on){var b=g("play");if(!b||!D)return;var s=on?D.pause:D.play;b.setAttribute("aria-pressed",String(on));b.setAttribute("aria-label",s[0]);
var ic=b.querySelector("[aria-hidden]"),tx=b.querySelector(".btn-text");if(ic)ic.textContent=s[1];if(tx)tx.textContent=s[0]}
function play(){if(timer){stop();return}if(cur>=D.steps.length-1)show(0);var sp=g("speed"),r=parseFloat(sp&&sp.value||"1")||1;playBtn(true);
timer=setInterval(function(){if(!live()||cur>=D.steps.length-1||!show(cur+1))stop();if(cur>=D.steps.length-1)stop()},1400/r)}
function toggle(param,value,focus){var T=D.tog[param+"="+value];if(!T)return false;go(T.k,D.lang,T.m[cur]||0,focus);return true}
// need(el): a control only the wasm answers; once it runs, el (found
// again by its id) gets the focus and the click.
var again=null,foc=null;function need(el){if(el&&el.id)again="#"+el.id;if(w.mcpwlNeed)w.mcpwlNeed()}
d.addEventListener("focusin",function(e){var t=e.target,sg=t&&t.closest&&t.closest(".seg");foc=t&&t.id?"#"+t.id:sg&&sg.id&&t.dataset.value?"#"+sg.id+' [data-value="'+t.dataset.value+'"]':null},true);
// The hand-over: the wasm has mounted its own #lab at the step in the
// address; the focus goes back where it was (go-app made new elements).
var mo=new MutationObserver(function(){if(h.getAttribute("data-wl-ready")!=="1")return;mo.disconnect();if(timer){clearInterval(timer);timer=0}
requestAnimationFrame(function(){var sel=again||foc,el=sel&&d.querySelector(sel);if(el&&el!==d.activeElement&&(foc||again)){el.focus({preventScroll:true});if(again)el.click()}})});
mo.observe(h,{attributes:true,attributeFilter:["data-wl-ready"]});
d.addEventListener("click",function(e){var t=e.target,b=t.closest&&t.closest("button,select,input,textarea,summary,[role=button]");if(b&&cmpAct(b)){e.preventDefault();return}
if(!ready()){if(adopting&&b&&b.tagName==="BUTTON"&&g("lab")&&g("lab").contains(b)){e.preventDefault();later.push(function(){b.click()})}return}if(!b||!lab.contains(b))return;
var id=b.id,seg=b.closest(".seg");
if(id==="next"||id==="prev"){if(!b.disabled){stop();if(show(cur+(id==="next"?1:-1)))e.preventDefault()}return}
if(id==="restart"){stop();show(0);e.preventDefault();return}
if(id==="play"){play();e.preventDefault();return}
if(b.classList.contains("row-btn")){var li=b.closest("li");if(li){show(parseInt(li.dataset.step,10)-1);e.preventDefault()}return}
if(seg&&seg.id==="viewmode"&&b.dataset.value==="compare"){go(D.run,D.lang,cur,'#viewmode [data-value="compare"]',true);e.preventDefault();return}
if(id==="lang-switch"){var l=D.lang==="zh"?"en":"zh";langURL=true;try{localStorage.setItem("` + langStorageKey + `",JSON.stringify(l))}catch(x){}go(D.run,l,cur,"#lang-switch");e.preventDefault();return}
if(seg&&(seg.id==="version"||seg.id==="transport")&&b.dataset.value){if(pressed(b)||toggle(seg.id,b.dataset.value,"#"+seg.id+' [data-value="'+b.dataset.value+'"]'))e.preventDefault();else need(b);return}
if(b.tagName==="SELECT"&&(id==="scenario"||id==="fault"||id==="speed"))return;
if(b.tagName==="INPUT"&&id==="jump")return;
if(b.tagName==="SUMMARY")return;
need(b)},true);
d.addEventListener("change",function(e){var t=e.target;
if(mode==="compare"&&live()&&!pend&&t&&lab.contains(t)&&(t.id==="scenario"||t.id==="fault")){if(!cmpTog(t.id,t.value,"#"+t.id))need(t);return}
if(!ready()){hold(e,t);return}if(!t||!lab.contains(t))return;
if(t.id==="scenario"||t.id==="fault"){if(!toggle(t.id,t.value,"#"+t.id))need(t)}},true);
d.addEventListener("input",function(e){var t=e.target;if(!ready()){hold(e,t);return}if(t&&t.id==="jump"&&lab.contains(t)){stop();show(parseInt(t.value,10)-1)}},true);
// The keys as the wasm takes them (keys.go): not with a modifier, not in
// a text editor, not on an explained field of the inspector. Stepping
// (the arrows, Home, End, Next, Previous, Restart, the slider) stops
// playback, as their actions do in the wasm (actionStep, actionSeek).
d.addEventListener("keydown",function(e){var k=e.key,a=d.activeElement;
if(e.ctrlKey||e.metaKey||e.altKey)return;if(cmpAct(null,k)){e.preventDefault();return}if(!ready()&&!adopting)return;
if(a&&(a.isContentEditable||a.tagName==="TEXTAREA"||a.tagName==="SELECT"||a.tagName==="INPUT"&&!/^(range|checkbox|radio|button|submit|reset|color|file|image)$/i.test(a.type)||a.getAttribute("data-term")!==null))return;
if(a&&a.id==="jump"&&(k==="ArrowRight"||k==="ArrowLeft"||k==="Home"||k==="End"))return;
if(!ready()){if(adopting&&/^(ArrowRight|ArrowLeft|Home|End| |c|v|t)$/.test(k)&&!(k===" "&&a&&(a.tagName==="BUTTON"||a.tagName==="A"))){e.preventDefault();
later.push(function(){(d.activeElement||d.body).dispatchEvent(new KeyboardEvent("keydown",{key:k,bubbles:true,cancelable:true}))})}return}
var to={ArrowRight:cur+1,ArrowLeft:cur-1,Home:0,End:D.steps.length-1}[k];
if(to!==undefined){stop();show(to);e.preventDefault();return}
if(k===" "&&!(a&&(a.tagName==="BUTTON"||a.tagName==="A"))){play();e.preventDefault();return}
if(k==="c"){go(D.run,D.lang,cur,null,true);e.preventDefault();return}
if((k==="v"||k==="t")&&D.keys&&D.keys[k]){var pv=D.keys[k].split("=");if(toggle(pv[0],pv[1],null)){e.preventDefault();return}}
if(k==="v"||k==="t"||k==="?")need()})})(document,window);`
