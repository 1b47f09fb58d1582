// Every call the page makes: to this emulator's documented /__admin and /1.1 endpoints, with the
// tab's app id and master key. Errors come back as LeanCloud's {"code","error"}: thrown as ApiError.
import { credentials } from "./session.js";

export const DASHBOARD_HEADER = "X-LCEmu-Dashboard";

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// `path` starts with /1.1 or /__admin; `query` is an object of strings (objects become JSON).
export async function api(method, path, { query, body } = {}) {
  const headers = authHeaders();
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path + queryString(query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
      credentials: "omit",
    });
  } catch {
    // No answer at all: the emulator is stopped or restarting (live.js shows the banner).
    throw Object.assign(new ApiError(0, 0, "The emulator cannot be reached."), { unreachable: true });
  }
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : {}; } catch { json = null; }
  if (!response.ok) {
    const code = json && typeof json.code === "number" ? json.code : response.status;
    const message = json && json.error ? json.error : `HTTP ${response.status}`;
    throw new ApiError(response.status, code, message);
  }
  return json;
}

// The tab's app id and master key, and the dashboard's marker: beside the master key it keeps
// the page's calls out of the request journal and away from injected faults and custom routes
// (watching changes nothing, docs/dashboard.md).
export function authHeaders() {
  const creds = credentials();
  if (!creds) throw new ApiError(401, 401, "Not logged in.");
  return { "X-LC-Id": creds.appId, "X-LC-Key": `${creds.masterKey},master`, [DASHBOARD_HEADER]: "1" };
}

// A picture (a captcha) fetched as the dashboard, as a data: URL: an <img src> cannot carry the
// marker, and would be journaled and meet faults.
export async function pictureURL(path) {
  const response = await fetch(path, { headers: authHeaders(), cache: "no-store", credentials: "omit" });
  if (!response.ok) throw new ApiError(response.status, response.status, `HTTP ${response.status}`);
  const blob = await response.blob();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export function queryString(query) {
  if (!query) return "";
  const parts = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    const text = typeof value === "object" ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

// A class's objects go through /1.1/users for _User (its own endpoint), /1.1/classes otherwise.
export function classPath(className) {
  return className === "_User" ? "/1.1/users" : `/1.1/classes/${encodeURIComponent(className)}`;
}
