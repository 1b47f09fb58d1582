// The dashboard's entry point: log-in, then a hash router over the views (#/data, #/users, …).
// Each view module exports `render(container, parameters)` and follows the server through
// live.js (`watch`); its watchers, timers and open dialogs go when the view changes, and a view
// that was still reading then stops once it has read (its `container` has left the page). The live
// connection (live.js) shows a banner while the server is unreachable, and starts the view
// over when the server is back, restarted or reset.
import { credentials, logIn, logOut, redeemLink, takeLinkFromAddress } from "./session.js";
import { h, replace, toast } from "./dom.js";
import { stopPolling } from "./poll.js";
import { clearWatchers, isLive, startLive, stopLive } from "./live.js";
import * as data from "./data-view.js";
import * as users from "./users-view.js";
import * as outbox from "./outbox-view.js";
import * as requests from "./requests-view.js";
import * as time from "./time-view.js";
import * as routes from "./routes-view.js";
import * as overview from "./overview-view.js";

const views = { overview, data, users, outbox, requests, time, routes };
const $ = (id) => document.getElementById(id);

function start() {
  $("login").addEventListener("submit", submitLogIn);
  $("log-out").addEventListener("click", () => { logOut(); show(); });
  // The skip link moves the focus to the view; as a link to "#main" it would be taken for a view.
  $("skip").addEventListener("click", (event) => { event.preventDefault(); $("main").focus(); });
  window.addEventListener("hashchange", arrive);
  window.addEventListener("resize", revealCurrentLink);
  arrive();
}

// On a phone the view links scroll sideways (dashboard.css): keep the current one in sight.
function revealCurrentLink() {
  const nav = $("nav");
  const link = nav.querySelector("a[aria-current='page']");
  if (!link || nav.scrollWidth <= nav.clientWidth) return;
  const linkBox = link.getBoundingClientRect();
  const navBox = nav.getBoundingClientRect();
  if (linkBox.left < navBox.left || linkBox.right > navBox.right) {
    nav.scrollLeft += linkBox.left - navBox.left - (navBox.width - linkBox.width) / 2;
  }
}

// A one-time link can arrive on a fresh load or as a new fragment of the open page.
async function arrive() {
  const link = takeLinkFromAddress();
  if (link) {
    $("login-error").textContent = "";
    try {
      await redeemLink(link);
    } catch (error) {
      logOut();
      $("login-app").value = link.appId;
      $("login-error").textContent = error.message;
    }
  }
  show();
}

async function submitLogIn(event) {
  event.preventDefault();
  $("login-error").textContent = "";
  try {
    await logIn($("login-app").value.trim(), $("login-key").value);
    $("login-key").value = "";
    show();
  } catch (error) {
    $("login-error").textContent = error.message;
  }
}

// The live connection's news: the banner, and the view started over when the server is back.
const live = {
  onUnreachable() {
    $("connection").hidden = false;
  },
  onBack({ restart, wasDown }) {
    $("connection").hidden = true;
    if (restart === "restarted") toast("The emulator restarted: the view starts over.");
    if (restart === "reset") toast("The emulator was reset: the view starts over.");
    if (restart || wasDown) show();
  },
  onRefused() {
    logOut();
    show();
    toast("The master key was refused; log in again.", "error");
  },
};

// Shows the log-in form or the view the address names; `showing` counts the views shown.
let showing = 0;
function show() {
  stopPolling();
  clearWatchers();
  // An editor open over the old view would write to its object: it goes with the view.
  for (const dialog of document.querySelectorAll("dialog")) dialog.close();
  const creds = credentials();
  const loggedIn = Boolean(creds);
  if (loggedIn && !isLive()) startLive(live);
  if (!loggedIn) { stopLive(); $("connection").hidden = true; }
  $("login").hidden = loggedIn;
  $("nav").hidden = !loggedIn;
  $("log-out").hidden = !loggedIn;
  $("app-name").textContent = loggedIn ? creds.appId : "";
  // Each view gets an element of its own in place of the last one's: a view still reading when
  // another is shown (a quick click, or the default view right after logging in) finds its
  // element gone from the page (`isConnected`) and stops, neither drawing over the new view
  // nor watching (live.js) for it.
  const container = h("div", { id: "view" });
  $("view").replaceWith(container);
  if (!loggedIn) {
    showing += 1;
    $("login-app").focus();
    return;
  }
  const [name, ...parameters] = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const view = views[name] ? name : "data";
  for (const link of $("nav").querySelectorAll("a")) {
    const current = link.getAttribute("href") === `#/${view}`;
    if (current) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current");
  }
  revealCurrentLink();
  replace(container, h("p", { class: "muted" }, "Loading…"));
  document.title = `${view[0].toUpperCase()}${view.slice(1)} · LCEmu`;
  // Busy until the view has read what it shows (assistive technology and tests wait for it).
  const shown = ++showing;
  container.setAttribute("aria-busy", "true");
  views[view].render(container, parameters.filter(Boolean)).finally(() => {
    if (shown === showing) container.removeAttribute("aria-busy");
  }).catch((error) => {
    if (error.status === 401) { live.onRefused(); return; }
    // A view opened while the server is down loads again when it is back (live.js, onBack).
    const unreachable = Boolean(error.unreachable);
    replace(container, h("p", { class: "error", role: "alert", id: unreachable ? "view-unreachable" : undefined },
      unreachable ? "The emulator cannot be reached; this view loads as soon as it answers again." : error.message || String(error)));
  });
}

start();
