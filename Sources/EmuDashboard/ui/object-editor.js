// Create or edit one object as JSON in a modal dialog. The JSON is checked as it is typed and
// the server's own answer (code and message) is shown inline too. Fields removed from the JSON
// are deleted (`{"__op":"Delete"}`); objectId and the dates are the server's and not editable.
import { api, classPath } from "./api.js";
import { h, toast } from "./dom.js";

const SERVER_FIELDS = ["objectId", "createdAt", "updatedAt"];

export function openEditor({ className, object, onSaved }) {
  const editable = object ? withoutServerFields(object) : {};
  const textarea = h("textarea", { id: "object-json", rows: 16, spellcheck: "false", "aria-describedby": "object-error",
    "aria-label": "Object JSON" });
  textarea.value = JSON.stringify(editable, null, 2);
  const error = h("p", { id: "object-error", class: "error", role: "alert" });
  const save = h("button", { type: "submit" }, object ? "Save" : "Create");
  const dialog = h("dialog", { class: "editor", "aria-labelledby": "editor-title" },
    h("form", { method: "dialog", onsubmit: submit },
      h("h2", { id: "editor-title" }, object ? `${className} ${object.objectId}` : `New ${className}`),
      object ? h("p", { class: "muted" }, `created ${object.createdAt} · updated ${object.updatedAt}`) : null,
      textarea, error,
      h("div", { class: "buttons" }, save, h("button", { type: "button", onclick: () => dialog.close() }, "Cancel"))));
  textarea.addEventListener("input", () => { error.textContent = validationError(textarea.value) || ""; save.disabled = Boolean(error.textContent); });
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  textarea.focus();

  async function submit(event) {
    event.preventDefault();
    const problem = validationError(textarea.value);
    if (problem) { error.textContent = problem; return; }
    const edited = JSON.parse(textarea.value);
    try {
      if (object) {
        const body = changes(editable, edited);
        // Nothing changed: nothing is sent, so updatedAt stays as it was.
        if (!Object.keys(body).length) {
          toast(`No changes to ${object.objectId}`);
          dialog.close();
          return;
        }
        await api("PUT", `${classPath(className)}/${object.objectId}`, { body });
        toast(`Saved ${object.objectId}`);
      } else {
        const created = await api("POST", classPath(className), { body: edited });
        toast(`Created ${created.objectId}`);
      }
      dialog.close();
      onSaved();
    } catch (failure) {
      error.textContent = `${failure.code}: ${failure.message}`;
    }
  }
}

// What is wrong with the text as an object body, or null.
export function validationError(text) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (failure) {
    return `Invalid JSON: ${failure.message}`;
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return "The object must be a JSON object {…}.";
  const reserved = SERVER_FIELDS.filter((field) => field in value);
  if (reserved.length) return `${reserved.join(", ")} cannot be set: the server assigns them.`;
  return null;
}

function withoutServerFields(object) {
  const copy = { ...object };
  for (const field of SERVER_FIELDS) delete copy[field];
  return copy;
}

// The fields whose value changed, plus a Delete operation for each field the JSON no longer
// has: unchanged fields (relations among them) are not sent back.
function changes(before, after) {
  const body = {};
  for (const [field, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(before[field])) body[field] = value;
  }
  for (const field of Object.keys(before)) if (!(field in after)) body[field] = { __op: "Delete" };
  return body;
}
