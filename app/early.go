package ui

// "Next" before the wasm runs.
//
// The prerendered page shows the linked step at once, but its buttons are
// plain HTML until the wasm has started (about a second on a fast line,
// three on hotel Wi-Fi). So that the reader's first clicks on "Next" and
// "Previous" already step, the server writes into the page what the next
// steps show (#wl-early, JSON, made by Lab.renderEarly on the server: for
// the earlyAhead steps after the linked one, the inspector's step sections,
// the player's values, the line under the rows, each row's class and state,
// and the row a step adds), and EarlyStepScript, a small inline script in
// the head, draws them on a click, with the same values the instant step
// patch writes (faststep.go); the linked step it takes from the page before
// its first change, to come back to. It also puts the step into the
// address bar (step=N), which the wasm reads when it starts (Lab.OnInit):
// it then draws that step, and the early script stands down. The script
// acts only on the prerendered page: once the wasm has mounted its own
// #lab (or set data-wl-ready), or on a page the server rendered for
// another link (<html class="wl-stale">, set by the dev server's boot
// script), it does nothing. Beyond the steps the page carries, "Next"
// waits for the wasm as before.

// earlyAhead is how many steps after the linked one the page carries.
const earlyAhead = 3

// earlyID is the element holding the steps.
const earlyID = "wl-early"

// EarlyStepScript is the inline script (for the page's head) that draws
// the steps of #wl-early on a click on #next or #prev, or on → or ←,
// before the wasm runs.
// <html data-wl-early="N"> records the step it drew last (browser tests).
const EarlyStepScript = `<script id="wl-early-step">(function(d){var lab=null,D=null;` +
	`d.addEventListener("DOMContentLoaded",function(){lab=d.getElementById("lab")});` +
	`function g(i){return d.getElementById(i)}` +
	// The linked step as the page shows it, to come back to.
	`function snap(){var ol=d.querySelector("#sequence .rows"),insp=g("insp-step"),box=g("inspector"),p=g("prev"),x=g("next"),j=g("jump"),m=g("seq-more"),t=g("vclock-t"),rows=[];` +
	`if(!ol||!insp||!box)return null;` +
	`ol.querySelectorAll(":scope>li").forEach(function(li){var b=li.firstElementChild;rows.push([li.dataset.step,li.className,li.hidden?2:b&&b.getAttribute("aria-current")?1:0])});` +
	`return{insp:insp.innerHTML,inspClass:box.className,clock:t?t.textContent:"",valueText:j?j.getAttribute("aria-valuetext"):"",` +
	`prevOff:!!(p&&p.disabled),nextOff:!!(x&&x.disabled),moreClass:m?m.className:"",more:m?m.textContent:"",rows:rows}}` +
	`function show(n){var s=D.steps[String(n)],ol=d.querySelector("#sequence .rows"),insp=g("insp-step"),box=g("inspector");` +
	`if(!s||!ol||!insp||!box)return false;` +
	`if(s.row&&!ol.querySelector('li[data-step="'+(n+1)+'"]'))ol.insertAdjacentHTML("beforeend",s.row);` +
	`var rows={};s.rows.forEach(function(r){rows[r[0]]=r});` +
	`ol.querySelectorAll(":scope>li").forEach(function(li){var r=rows[li.dataset.step],b=li.firstElementChild;` +
	`if(!r){li.hidden=true;return}li.className=r[1];li.hidden=r[2]===2;` +
	`if(b){if(r[2]===1)b.setAttribute("aria-current","step");else b.removeAttribute("aria-current")}});` +
	`insp.innerHTML=s.insp;box.className=s.inspClass;` +
	`var p=g("prev"),x=g("next"),j=g("jump"),m=g("seq-more"),c=g("step-cur"),t=g("vclock-t");` +
	`if(p)p.disabled=s.prevOff;if(x)x.disabled=s.nextOff;if(j){j.value=n;j.setAttribute("aria-valuetext",s.valueText)}` +
	`if(c)c.textContent=String(n);if(t)t.textContent=s.clock;if(m){m.className=s.moreClass;m.textContent=s.more}` +
	`var u=new URL(location.href);u.searchParams.set("step",String(n));history.replaceState(history.state,"",u.pathname+u.search+u.hash);` +
	`var r=ol.querySelector('li[data-step="'+n+'"]');if(r&&r.scrollIntoView)r.scrollIntoView({block:"nearest"});` +
	`d.documentElement.setAttribute("data-wl-early",String(n));return true}` +
	// act steps with button b (#next or #prev); true if it drew a step.
	`function act(b){var h=d.documentElement;if(!lab&&d.readyState==="loading")lab=g("lab");` +
	`if(!lab||g("lab")!==lab||h.getAttribute("data-wl-ready")==="1"||h.classList.contains("wl-stale"))return false;` +
	`if(!b||b.disabled)return false;` +
	`if(!D){var el=g("` + earlyID + `");if(!el)return false;try{D=JSON.parse(el.textContent)}catch(x){return false}}` +
	`var c=parseInt(g("step-cur").textContent,10);if(!(c>0))return false;if(!D.steps[String(c)])D.steps[String(c)]=snap();` +
	`return show(b.id==="next"?c+1:c-1)}` +
	`d.addEventListener("click",function(e){if(act(e.target.closest&&e.target.closest("#next,#prev")))e.preventDefault()});` +
	// → and ← as the wasm takes them (keys.go): not with a modifier,
	// not in a text editor, not on an explained field of the inspector.
	`d.addEventListener("keydown",function(e){var k=e.key,a=d.activeElement;` +
	`if(k!=="ArrowRight"&&k!=="ArrowLeft"||e.ctrlKey||e.metaKey||e.altKey)return;` +
	`if(a&&(a.isContentEditable||a.tagName==="TEXTAREA"||a.tagName==="INPUT"&&!/^(range|checkbox|radio|button|submit|reset|color|file|image)$/i.test(a.type)||a.getAttribute("data-term")!==null))return;` +
	`if(act(g(k==="ArrowRight"?"next":"prev")))e.preventDefault()})})(document);</script>`
