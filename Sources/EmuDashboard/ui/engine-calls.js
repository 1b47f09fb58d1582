// The calls LCEmu made to the app's LeanEngine app (docs/cloud-code.md, "Seeing the engine
// calls"), in words: the Requests list's compact marker, the list of one request's calls in its
// detail, and a hook's name as the overview lists what the engine defines.
import { h, replace } from "./dom.js";

// A call the engine did not answer (unreachable, 141), or answered with an error status.
export function failed(call) {
  return call.error !== undefined || call.status >= 400;
}

export function outcome(call) {
  return call.error ? `${call.error.code} ${call.error.error}` : String(call.status);
}

function line(call) {
  return `${call.method} ${call.path} → ${outcome(call)} (${call.ms} ms)`;
}

// "⚙ 2" beside a request's path (red when one failed); its title lists the calls.
export function marker(calls) {
  if (!Array.isArray(calls) || !calls.length) return null;
  const count = `${calls.length} engine call${calls.length === 1 ? "" : "s"}`;
  return h("span", { class: `engine-mark${calls.some(failed) ? " bad" : ""}`, title: calls.map(line).join("\n"), "aria-label": count },
    `⚙ ${calls.length}`);
}

// A request's engine calls, oldest first, in `box` (the detail's section); redrawn in place
// when an after-hook that ran after the answer joins them.
export function showCalls(box, calls) {
  replace(box, h("h4", {}, "Engine calls"), calls.length
    ? h("ol", {}, calls.map((call) => h("li", { class: failed(call) ? "bad" : null, dataset: { id: String(call.id) } },
      h("code", {}, `${call.method} ${call.path}`), " → ", h("span", { class: "engine-outcome" }, outcome(call)),
      h("span", { class: "muted" }, ` · ${call.ms} ms · `, h("time", { datetime: call.at, title: call.at }, new Date(call.at).toLocaleTimeString())))))
    : h("p", { class: "muted" }, "This request called the engine for nothing."));
  return box;
}

// The names `_ops/metadatas` lists (LeanEngine's SDKs): a function's own name, a hook's
// `__before_save_for_Post`, `__on_login__User`, `__on_verified_sms`, … as "Post beforeSave".
const HOOKS = [
  [/^__(before|after)_(save|update|delete)_for_(.+)$/, (m) => `${m[3]} ${m[1]}${m[2][0].toUpperCase()}${m[2].slice(1)}`],
  [/^__on_login__User$/, () => "_User onLogin"],
  [/^__on_authdata__User$/, () => "_User onAuthData"],
  [/^__on_verified_(.+)$/, (m) => `onVerified ${m[1]}`],
];

export function isHook(name) {
  return name.startsWith("__");
}

export function hookName(name) {
  for (const [pattern, words] of HOOKS) {
    const match = pattern.exec(name);
    if (match) return words(match);
  }
  return name;
}
