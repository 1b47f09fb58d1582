// The page's one live connection: GET /__admin/events, server-sent events read with fetch (an
// EventSource cannot send the master key in a header). Each `state` event is the server's
// DashboardState (docs/dashboard.md, "Live"); views `watch` the parts they show and reload
// only when those change. When the stream cannot open (the server refuses it, or a proxy
// buffers it), the same state is polled from GET /__admin/status each second instead, and the
// stream is tried again now and then. When neither answers, a banner says so and the page
// retries by itself; when the server is back, or is another instance (a restart), or was reset,
// `onBack` starts the views over (ids begin again, old positions mean nothing).
import { authHeaders } from "./api.js";
import { poller } from "./poll.js";

const RETRY_MS = [500, 1000, 2000, 4000];
const STREAM_AGAIN_MS = 30000;
const topics = ["journal", "outbox", "counts", "data", "faults", "time", "routes", "engine"];

let session = null;
let watchers = [];
let last = null;
// The parts that changed since the open view began to read what it shows (`clearWatchers`)
// while no watcher watched them: the view's read may predate those changes (`watch` catches up).
let unheard = new Set();
const fallback = poller();

// Follows the server until `stopLive`. Handlers: onBack({restart, wasDown}) (reachable again, or
// restarted: "restarted", "reset" or null), onUnreachable(), onRefused() (the key no longer works).
export function startLive(handlers) {
  stopLive();
  session = { handlers, stopped: false, controller: null, failures: 0, unreachable: false };
  connect(session);
}

export function isLive() {
  return session !== null;
}

export function stopLive() {
  delete document.documentElement.dataset.live;
  if (!session) return;
  session.stopped = true;
  if (session.controller) session.controller.abort();
  fallback.stop();
  session = null;
  last = null;
}

// Calls `task(state, previous)` after each change of one of `parts` (of `topics`), one run at a
// time; dropped by `clearWatchers` (a view change). A view watches once it has read what it
// shows, so a state that arrived meanwhile found no watcher, and the view may have been answered
// before that change: when one of `parts` changed unheard since the view began (a connection's
// first state counts as every part changed), the task runs once at once.
export function watch(parts, task) {
  const watcher = { parts, task, running: false, again: false };
  watchers.push(watcher);
  const missed = parts.filter((part) => unheard.has(part));
  for (const part of missed) unheard.delete(part);
  if (missed.length) queueMicrotask(() => { if (last && watchers.includes(watcher)) run(watcher, last, last); });
}

// A view change: the new view reads what it shows from now on.
export function clearWatchers() {
  watchers = [];
  unheard = new Set();
}

export function lastState() {
  return last;
}

// How the page is following the server now: "stream", "poll" or "down" (for tests and the header).
function setMode(mode) {
  document.documentElement.dataset.live = mode;
}

async function connect(current) {
  while (!current.stopped) {
    try {
      await stream(current);
      // The server ended the stream (it is stopping): reconnect, which finds out whether it is gone.
    } catch (error) {
      if (current.stopped) return;
      if (error.status === 401) { current.handlers.onRefused(); return; }
      if (error.status) {
        // The server answered but will not stream (too many streams): poll, try the stream later.
        await pollFor(current, STREAM_AGAIN_MS);
        continue;
      }
      if (await statusAnswers(current)) { await pollFor(current, STREAM_AGAIN_MS); continue; }
      down(current);
      await delay(RETRY_MS[Math.min(current.failures++, RETRY_MS.length - 1)]);
    }
  }
}

async function stream(current) {
  current.controller = new AbortController();
  const response = await fetch("/__admin/events", {
    headers: authHeaders(), cache: "no-store", credentials: "omit", signal: current.controller.signal,
  });
  if (!response.ok || !response.body) throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
  setMode("stream");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const lines = block.split("\n");
      if (!lines.includes("event: state")) continue;  // a heartbeat comment
      const data = lines.filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
      arrived(current, JSON.parse(data));
    }
  }
}

// Polls /__admin/status for `ms`, or until it fails (then the caller finds out why).
function pollFor(current, ms) {
  setMode("poll");
  return new Promise((resolve) => {
    const until = Date.now() + ms;
    fallback.start(async () => {
      if (current.stopped || Date.now() > until) { fallback.stop(); resolve(); return; }
      if (!(await statusAnswers(current))) { fallback.stop(); resolve(); }
    }, 1000);
  });
}

async function statusAnswers(current) {
  try {
    const response = await fetch("/__admin/status", { headers: authHeaders(), cache: "no-store", credentials: "omit" });
    if (response.status === 401) { current.handlers.onRefused(); current.stopped = true; return true; }
    if (!response.ok) return false;
    arrived(current, await response.json());
    return true;
  } catch {
    return false;
  }
}

function down(current) {
  setMode("down");
  if (current.unreachable) return;
  current.unreachable = true;
  current.handlers.onUnreachable();
}

// One state from the server: a restart or reset starts the views over; otherwise the watchers
// of what changed run.
function arrived(current, state) {
  if (current.stopped) return;
  const previous = last;
  last = state;
  current.failures = 0;
  const restart = !previous ? null : state.instance !== previous.instance ? "restarted"
    : state.generation !== previous.generation ? "reset" : null;
  if (current.unreachable || restart) {
    const wasDown = current.unreachable;
    current.unreachable = false;
    current.handlers.onBack({ restart, wasDown });
    return;
  }
  // The first state of a connection: what changed since the open view read is unknown.
  const changed = previous ? changedTopics(state, previous) : topics;
  for (const part of changed) {
    if (!watchers.some((watcher) => watcher.parts.includes(part))) unheard.add(part);
  }
  for (const watcher of watchers) {
    if (watcher.parts.some((part) => changed.includes(part))) run(watcher, state, previous || state);
  }
}

function changedTopics(state, previous) {
  return topics.filter((topic) => JSON.stringify(state[topic]) !== JSON.stringify(previous[topic]));
}

async function run(watcher, state, previous) {
  if (watcher.running) { watcher.again = true; return; }
  watcher.running = true;
  try {
    do {
      watcher.again = false;
      try { await watcher.task(last || state, previous); } catch { /* the next change tries again */ }
    } while (watcher.again && watchers.includes(watcher));
  } finally {
    watcher.running = false;
  }
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
