// The one inline script in <head>, run before first paint and before any module script:
// 1. applies the stored colour theme and background (no flash of the wrong theme);
// 2. installs the chunk-load guard: a failed chunk reloads the page, at most once per path within 10 seconds;
// 3. marks the page as a member's (html[data-member]) when the session marker cookie names a session, so the member's
//    parts of a page from the shared edge cache show from the first paint (app/styles/theme.css);
// 4. on Back and Forward (popstate), asks for the full layout under which the scroll is restored; the app drops the
//    mark once the page is shown (app/lib/scroll-restore-layout.ts). Here, so the listener is the first of all. A
//    document that is itself reloaded, or reached by Back or Forward, asks for it from the start: the browser restores
//    its scroll while it loads, and blocks skipped at their estimated heights would leave it too short for that.
// It is a string (not a bundled function) so no bundler helper can leak into it; boot-script.test.ts runs it.

export const THEME_KEY = "bookstore:theme";
export const BACKGROUND_KEY = "bookstore:background";
export const CHUNK_RELOAD_KEY = "bookstore:chunk-reload";
const CHUNK_RELOAD_WINDOW_MS = 10_000;
/** RESTORING_SCROLL_KEY of app/lib/scroll-restore-layout.ts as an attribute, written out as MARKER_COOKIE is. */
export const RESTORING_SCROLL_MARK = "data-restoring-scroll";
export const BACKGROUNDS = ["paper", "white", "lotus"] as const;
export type Background = (typeof BACKGROUNDS)[number];
export type ThemeChoice = "light" | "dark";

/**
 * The session marker cookie's name (SESSION_COOKIE of app/http/cookie-names.ts; boot-script.test.ts holds them
 * equal). Written out, not imported: this module is in the browser's first load, and an import would bring the
 * cookie module along with it.
 */
export const MARKER_COOKIE = "bookstore_session";
/** The marker, `__Host-` prefixed or not, with a value: a member's session. */
const MEMBER_MARKER = `(?:^|;\\s*)(?:__Host-)?${MARKER_COOKIE}=[^;\\s]`;

// A pure call, so the browser's bundle (which takes the text from the page, see root.tsx) drops it whole: a template
// literal with JSON.stringify in it would otherwise be evaluated there for nothing.
const bootScriptText = () => `(function(w,d){
var root=d.documentElement;root.setAttribute("data-js","");
try{if(new RegExp(${JSON.stringify(MEMBER_MARKER)}).test(d.cookie))root.setAttribute("data-member","");else root.removeAttribute("data-member");}catch(e){}
try{
var t=w.localStorage.getItem(${JSON.stringify(THEME_KEY)});
var dark=t==="dark"||(t!=="light"&&!!w.matchMedia&&w.matchMedia("(prefers-color-scheme: dark)").matches);
root.classList.toggle("dark",dark);root.style.colorScheme=dark?"dark":"light";
var b=w.localStorage.getItem(${JSON.stringify(BACKGROUND_KEY)});
root.setAttribute("data-bg",${JSON.stringify(BACKGROUNDS)}.indexOf(b)>=0?b:"paper");
}catch(e){root.setAttribute("data-bg","paper");}
function reloadOnce(){
var path=w.location.pathname+w.location.search,now=Date.now(),last=null;
try{last=JSON.parse(w.sessionStorage.getItem(${JSON.stringify(CHUNK_RELOAD_KEY)})||"null");}catch(e){}
if(last&&last.path===path&&now-last.at<${CHUNK_RELOAD_WINDOW_MS})return false;
try{w.sessionStorage.setItem(${JSON.stringify(CHUNK_RELOAD_KEY)},JSON.stringify({path:path,at:now}));}catch(e){return false;}
w.location.reload();return true;
}
w.__bookstoreReloadOnChunkError=reloadOnce;
w.addEventListener("popstate",function(){root.setAttribute(${JSON.stringify(RESTORING_SCROLL_MARK)},"");},true);
try{var nav=w.performance.getEntriesByType("navigation")[0];if(nav&&(nav.type==="reload"||nav.type==="back_forward"))root.setAttribute(${JSON.stringify(RESTORING_SCROLL_MARK)},"");}catch(e){}
var chunkMessage=/Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
w.addEventListener("vite:preloadError",function(e){if(reloadOnce()&&e.preventDefault)e.preventDefault();});
w.addEventListener("unhandledrejection",function(e){var r=e.reason;if(r&&chunkMessage.test(String(r.message||r)))reloadOnce();});
w.addEventListener("error",function(e){var el=e.target;if(!el||el===w)return;var u=el.src||el.href||"";
if((el.tagName==="SCRIPT"||(el.tagName==="LINK"&&/preload|stylesheet/.test(el.rel)))&&u.indexOf("/assets/")>=0)reloadOnce();},true);
})(window,document);`;

export const bootScript = /* @__PURE__ */ bootScriptText();

declare global {
  interface Window {
    __bookstoreReloadOnChunkError?: () => boolean;
  }
}

/** Whether an error is a failed chunk (dynamic import) load. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? "");
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
    message,
  );
}
