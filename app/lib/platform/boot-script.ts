// The browser's side of the deferred modules: entry.server.tsx rewrites React Router's module
// script into a data block of this type, and BOOT_SCRIPT runs it after the first paint.
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

/**
 * Runs in the browser, as a classic inline script (root.tsx). It waits for three things, in
 * order: the `load` event (the stylesheet and the pictures, the LCP image among them, are in), the
 * first contentful paint (Paint Timing: the browser has shown the page, not only laid it out), and
 * two more frames (whatever loaded last has painted too). Then it adds the deferred preloads and
 * runs React Router's module script, which hydrates the page. A browser without Paint Timing skips
 * that wait. Written a statement a line for reading; sent as one line (every line ends a statement or opens a block).
 */
export const BOOT_SCRIPT = `(function(){
var run=function(){
document.querySelectorAll('link[rel="modulepreload"][media="not all"]').forEach(function(deferred){
var link=document.createElement("link");link.rel="modulepreload";link.href=deferred.href;link.nonce=deferred.nonce;document.head.appendChild(link);
});
var data=document.querySelector('script[type="${DEFERRED_MODULE_TYPE}"]');
if(!data)return;
var script=document.createElement("script");script.type="module";script.nonce=data.nonce;script.textContent=data.textContent;document.body.appendChild(script);
};
var frames=function(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(run,0);});});};
var painted=function(){
try{
if(performance.getEntriesByName("first-contentful-paint").length)return frames();
var observer=new PerformanceObserver(function(list){
if(!list.getEntriesByName("first-contentful-paint").length)return;
observer.disconnect();frames();
});
observer.observe({type:"paint",buffered:true});
}catch(error){frames();}
};
if(document.readyState==="complete")painted();else addEventListener("load",painted,{once:true});
})();`.replace(/\n/g, "");
