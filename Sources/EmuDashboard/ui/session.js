// The tab's log-in: an app id and its master key in sessionStorage (this tab only, gone when it
// closes), from the form or from a one-time link `#app=…&login=<token>` that `lcemu serve`
// prints. The token is traded once for the key; the fragment is then wiped from the address bar.
const STORAGE_KEY = "lcemu.dashboard.credentials";

export function credentials() {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) || "null");
    return stored && stored.appId && stored.masterKey ? stored : null;
  } catch {
    return null;
  }
}

export function logOut() {
  sessionStorage.removeItem(STORAGE_KEY);
}

function remember(appId, masterKey) {
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ appId, masterKey }));
}

// Checks the key with a master-only read before keeping it; throws the server's message.
export async function logIn(appId, masterKey) {
  const response = await fetch("/__admin/clock", {
    // The dashboard's marker: the check is not journaled (api.js, authHeaders).
    headers: { "X-LC-Id": appId, "X-LC-Key": `${masterKey},master`, "X-LCEmu-Dashboard": "1" },
    cache: "no-store",
    credentials: "omit",
  });
  if (!response.ok) throw new Error("Wrong app ID or master key.");
  remember(appId, masterKey);
}

// The one-time link's parameters, if the address has them; the fragment is cleared at once so
// the token neither stays in history nor gets reused on reload.
export function takeLinkFromAddress() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("login");
  if (!token) return null;
  history.replaceState(null, "", location.pathname + location.search);
  return { appId: fragment.get("app") || "", token };
}

export async function redeemLink({ appId, token }) {
  const response = await fetch("/__admin/ui-login", {
    method: "POST",
    headers: { "X-LC-Id": appId, "Content-Type": "application/json" },
    body: JSON.stringify({ token }),
    cache: "no-store",
    credentials: "omit",
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.error || "This log-in link did not work.");
  remember(json.appId, json.masterKey);
}
