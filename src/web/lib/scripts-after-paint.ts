// A content page's JavaScript (React, React Router, the page's module: about 150 KiB compressed) is asked for only
// once the page's content has painted. The server-rendered page is whole without it (links, forms that post, the
// text and images); on a slow phone network the script downloads would otherwise share the line with the
// stylesheet and the page's first images and hold its first paint back by about a second. A page opts in with
// `export const handle = SCRIPTS_AFTER_PAINT` on its route (lib/page-handle.ts); for someone signed in every page
// loads as usual.
//
// React Router writes the page's scripts as `<link rel="modulepreload">` tags (React puts them in the head) and one
// `<script type="module">` that imports the route modules and starts the client. The server's HTML is rewritten
// on its way out: the preload tags go, and that module script is kept as inert text, followed by a small script that
// runs it, with the response's nonce, once the page has painted (RUN_HELD).
import { Transform } from "node:stream";
import type { PageHandle } from "./page-handle.ts";

export function scriptsAfterPaint(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as PageHandle | undefined)?.scripts === "after-paint");
}

/** The type the module script is held under: a type no browser runs (HTML's "data block"). */
export const HELD_TYPE = "text/x-after-paint";

const MODULE_SCRIPT = /<script nonce="([^"<>]*)" type="module" async="">/g;
/** The longest the module script's opening tag can be (its nonce is 24 characters). */
const OPENING_AT_MOST = 200;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * Runs the held script before it (previousElementSibling) as a module with its nonce, once the browser has reported
 * the page's first contentful paint (where it reports paints), the images marked high priority have decoded (or
 * failed), and two more frames have gone by for those images to be painted too. The visitor's first tap, click or
 * key press asks for it at once, and so do 3 seconds without all that (a browser that reports no paint, a tab
 * opened in the background).
 *
 * A button that only scripts give a meaning to (`type="button"`: "Show map", a slideshow's arrows) does nothing when
 * pressed before they have run; the last one pressed is pressed again once the page has hydrated (the root layout
 * then marks `<html data-hydrated>`), if it is still there and enabled. Links and forms work without scripts and
 * are left alone. A press once React listens on the document (its `_reactListening…` mark, set as hydration
 * starts) is React's own: it hydrates that part at once and hands it the click, so it is not remembered.
 */
const RUN_HELD = [
  "(()=>{const held=document.currentScript.previousElementSibling;let started=false;",
  "const run=()=>{if(started)return;started=true;const script=document.createElement('script');",
  "script.type='module';script.nonce=held.nonce;script.textContent=held.textContent;document.body.append(script)};",
  "for(const type of['pointerdown','keydown','touchstart'])addEventListener(type,run,{once:true,passive:true,capture:true});",
  "let pressed=null;const remember=(event)=>{if(Object.keys(document).some((key)=>key.startsWith('_reactListening')))return;",
  "const button=event.target.closest?.('button[type=button]');if(button)pressed=button};",
  "addEventListener('click',remember,true);const root=document.documentElement;",
  "new MutationObserver((_,observer)=>{if(!root.hasAttribute('data-hydrated'))return;observer.disconnect();removeEventListener('click',remember,true);",
  "if(pressed?.isConnected&&!pressed.disabled)pressed.click();pressed=null}).observe(root,{attributes:true,attributeFilter:['data-hydrated']});",
  "setTimeout(run,3000);",
  "const painted=new Promise((done)=>{if(!window.PerformanceObserver||!PerformanceObserver.supportedEntryTypes?.includes('paint'))return done();",
  "new PerformanceObserver((list,observer)=>{if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();done()}}).observe({type:'paint',buffered:true})});",
  "const images=[...document.querySelectorAll('img[fetchpriority=\"high\"]')].map((image)=>image.decode().catch(()=>{}));",
  "Promise.all([painted,...images]).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(run))))})()",
].join("");

/**
 * The HTML with its module script held and its module preloads dropped, or null while the module script has not
 * come whole (more of the page is to come). Works on text read as latin1, so that bytes pass through unchanged.
 */
export function holdModuleScript(html: string): string | null {
  const held = hold(html, 0);
  return typeof held === "string" ? held : null;
}

/** `holdModuleScript`, looking for the module script from `from` on; else where to look from once more has come. */
function hold(html: string, from: number): string | number {
  MODULE_SCRIPT.lastIndex = from;
  const found = MODULE_SCRIPT.exec(html);
  if (!found) return Math.max(from, html.length - OPENING_AT_MOST);
  const end = html.indexOf("</script>", found.index);
  if (end === -1) return found.index;
  const nonce = found[1]!;
  const closed = end + "</script>".length;
  return (
    html.slice(0, found.index).replace(MODULE_PRELOAD, "") +
    `<script nonce="${nonce}" type="${HELD_TYPE}">` +
    html.slice(found.index + found[0].length, closed) +
    `<script nonce="${nonce}">${RUN_HELD}</script>` +
    html.slice(closed)
  );
}

/**
 * The rewriting of `holdModuleScript` on a stream of HTML: held until the module script has passed, then as it
 * comes. Each piece is searched from where the last search left off, so a long shell is read once.
 */
export function holdModuleScriptStream(): Transform {
  let held = "";
  let from = 0;
  let passing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (passing) return callback(null, chunk);
      held += chunk.toString("latin1");
      const rewritten = hold(held, from);
      if (typeof rewritten === "number") {
        from = rewritten;
        return callback();
      }
      passing = true;
      held = "";
      callback(null, Buffer.from(rewritten, "latin1"));
    },
    flush(callback) {
      // A page without the module script (nothing to hold) goes out as it was written.
      callback(null, held ? Buffer.from(held, "latin1") : undefined);
    },
  });
}
