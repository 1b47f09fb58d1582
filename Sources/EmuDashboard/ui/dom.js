// A tiny element builder. Data only ever becomes text nodes or attribute values, never HTML, so
// an object holding "<script>" shows as text (and the CSP forbids inline script anyway).
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      element.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function replace(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

// A short message at the bottom of the screen, read out by screen readers.
let toastTimer = null;
export function toast(message, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.dataset.kind = kind;
  box.classList.add("shown");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), 4000);
}

// A date as local time, with its ISO form on hover.
export function localTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return h("span", {}, String(iso));
  return h("time", { datetime: iso, title: iso }, date.toLocaleString());
}

export async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast(`Copied ${text}`);
  } catch {
    toast("Copy refused by the browser; select the text instead.", "error");
  }
}

export function copyButton(text, label = "Copy") {
  return h("button", { type: "button", class: "small", "aria-label": `${label} ${text}`, onclick: () => copy(text) }, label);
}

// A section with a heading, for the views' panels.
export function panel(title, ...children) {
  return h("section", { class: "card" }, h("h2", {}, title), ...children);
}

// Runs an action and reports its failure as a toast instead of a console error.
export async function attempt(action, success) {
  try {
    const result = await action();
    if (success) toast(success);
    return result;
  } catch (error) {
    toast(error.message || String(error), "error");
    return undefined;
  }
}

// A link target from the app's data, only when it is http(s): a `javascript:` URL in an object
// must not become a link (the CSP would block it too; this keeps it from even looking like one).
export function safeURL(text) {
  try {
    const url = new URL(String(text), location.href);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
