// The dashboard's entry point: log-in, then a hash router over the views (#/data, #/users, …).
// Each view module exports `render(container, parameters)`; polling stops when the view changes.
import { credentials, logIn, logOut, redeemLink, takeLinkFromAddress } from "./session.js";
import { h, replace, toast } from "./dom.js";
import { stopPolling } from "./poll.js";
import * as data from "./data-view.js";
import * as users from "./users-view.js";
import * as outbox from "./outbox-view.js";
import * as requests from "./requests-view.js";
import * as time from "./time-view.js";
import * as routes from "./routes-view.js";

const views = { data, users, outbox, requests, time, routes };
const $ = (id) => document.getElementById(id);

function start() {
  $("login").addEventListener("submit", submitLogIn);
  $("log-out").addEventListener("click", () => { logOut(); show(); });
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

// Shows the log-in form or the view the address names.
function show() {
  stopPolling();
  const creds = credentials();
  const loggedIn = Boolean(creds);
  $("login").hidden = loggedIn;
  $("nav").hidden = !loggedIn;
  $("log-out").hidden = !loggedIn;
  $("app-name").textContent = loggedIn ? creds.appId : "";
  const container = $("view");
  if (!loggedIn) {
    replace(container);
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
  views[view].render(container, parameters.filter(Boolean)).catch((error) => {
    if (error.status === 401) { logOut(); show(); toast("The master key was refused; log in again.", "error"); return; }
    replace(container, h("p", { class: "error", role: "alert" }, error.message || String(error)));
  });
}

start();
