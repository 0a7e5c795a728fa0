import { DEFERRED_TEMPLATE_ID, HYDRATED_EVENT, SCROLL_TARGET_KEY } from "~/lib/deferred-hydration";

/**
 * Hydration on the visitor's first sign of life (issues 16 and 17; decision 004's addendum).
 *
 * The landing is complete as HTML: its copy is server-only, the FAQ is native `<details>`, links
 * and the contact form work without JavaScript. Hydrating it at load costs a phone ~115 KiB of
 * JavaScript and a few hundred milliseconds of main thread before anyone has done anything. So a
 * stored copy of a route that asks for it (`handle.deferHydration`) keeps React Router's scripts
 * (the module preloads of <head>, the context, the route modules, the streamed loader data) inside
 * an inert `<template>`, and a small boot script puts them back, exactly where they were, on the
 * first pointer move, touch, key, focus, wheel or scroll, when the contact form comes within a
 * screen, or at once when the address has a `#section` or a header link asked for one.
 *
 * A button clicked or a form sent before React is there is held and replayed once the root has
 * hydrated (HYDRATED_EVENT), so the first tap on the menu, a plan or the cookie banner is not
 * lost; a button inside a part still waiting for its code (the banner's chunk) is replayed once
 * React has taken it over (it carries React's props), within 5 s. If hydration never comes (a
 * failed download), the held form is sent the plain way after 10 s. A copy rendered per request (signed-in visitors) keeps its scripts where they are: the
 * marker stays an empty template and no boot script is added.
 *
 * The boot script and the moved scripts are inline scripts of the stored page, so the CSP hashes
 * computed from the page's bytes (public-page.server.ts) cover them.
 */

const MARKER = `<template id="${DEFERRED_TEMPLATE_ID}"></template>`;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** The boot script (ES2017, no dependency); exported for the tests. */
export const DEFERRED_BOOT = `(function(){
var d=document,w=window,t=d.getElementById(${JSON.stringify(DEFERRED_TEMPLATE_ID)});
if(!t||!t.content.childNodes.length)return;
var SIGNALS=["pointerdown","pointermove","touchstart","keydown","focusin","wheel","scroll"];
var started=false,hydrated=false,held=[],io=null;
function start(){
if(started)return;started=true;
SIGNALS.forEach(function(s){w.removeEventListener(s,start,true)});
if(io)io.disconnect();
var at=t.nextSibling;
[].forEach.call(t.content.childNodes,function(n){
var c;
if(n.nodeName==="SCRIPT"){c=d.createElement("script");[].forEach.call(n.attributes,function(a){c.setAttribute(a.name,a.value)});c.text=n.text}
else c=d.importNode(n,true);
if(n.nodeName==="LINK")d.head.appendChild(c);else t.parentNode.insertBefore(c,at);
});
setTimeout(release,10000);
}
function live(el){for(var k in el)if(k.indexOf("__reactProps")===0)return true;return false}
function replay(h,tries){
if(!h[0].isConnected)return;
if(h.length>1)return h[0].requestSubmit(h[1]&&h[1].form===h[0]?h[1]:undefined);
if(live(h[0])||tries>100)return h[0].click();
setTimeout(function(){replay(h,tries+1)},50);
}
function release(){
if(hydrated)return;hydrated=true;
held.splice(0).forEach(function(h){replay(h,0)});
}
function hold(e,entry){
if(hydrated)return;
e.preventDefault();e.stopImmediatePropagation();held.push(entry);start();
}
w.addEventListener("click",function(e){
var el=e.target&&e.target.closest&&e.target.closest('button[type="button"],[data-plan],[data-rep]');
if(el)hold(e,[el]);
},true);
w.addEventListener("submit",function(e){hold(e,[e.target,e.submitter||null])},true);
w.addEventListener(${JSON.stringify(HYDRATED_EVENT)},release);
SIGNALS.forEach(function(s){w.addEventListener(s,start,{capture:true,passive:true})});
var form=d.getElementById("contato");
if(form&&"IntersectionObserver" in w){
io=new IntersectionObserver(function(es){if(es.some(function(x){return x.isIntersecting}))start()},{rootMargin:"100% 0px"});
io.observe(form);
}
try{if(location.hash.length>1||sessionStorage.getItem(${JSON.stringify(SCROLL_TARGET_KEY)}))start()}catch(e){start()}
})();`;

/**
 * Moves React Router's scripts of a stored page into the marker's template (see above). A page
 * without the marker, or whose body does not follow it, is returned unchanged.
 */
export function deferHydration(html: string): string {
  const at = html.indexOf(MARKER);
  const headEnd = html.indexOf("</head>");
  const bodyEnd = html.lastIndexOf("</body>");
  if (at < 0 || headEnd < 0 || at < headEnd || bodyEnd < at) return html;
  const head = html.slice(0, headEnd);
  const preloads = head.match(MODULE_PRELOAD) ?? [];
  const scripts = html.slice(at + MARKER.length, bodyEnd);
  return (
    head.replace(MODULE_PRELOAD, "") +
    html.slice(headEnd, at) +
    `<template id="${DEFERRED_TEMPLATE_ID}">${preloads.join("")}${scripts}</template>` +
    `<script>${DEFERRED_BOOT}</script>` +
    html.slice(bodyEnd)
  );
}
