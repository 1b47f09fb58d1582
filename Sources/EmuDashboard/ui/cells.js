// Typed cells of the object table: each LeanCloud type shown as what it is (spec §2.3).
import { h, localTime, safeURL } from "./dom.js";

export function cell(value, { onPointer } = {}) {
  if (value === undefined) return h("span", { class: "muted" }, "");
  if (value === null) return h("span", { class: "muted" }, "null");
  if (typeof value === "boolean") return h("span", { class: `bool ${value}` }, String(value));
  if (typeof value === "number") return h("span", { class: "number" }, String(value));
  if (typeof value === "string") return looksLikeDate(value) ? localTime(value) : h("span", { class: "string", title: value }, clip(value));
  if (Array.isArray(value)) return h("span", { class: "json", title: JSON.stringify(value) }, clip(JSON.stringify(value)));
  switch (value.__type) {
    case "Date":
      return localTime(value.iso);
    case "Pointer":
      return h("a", {
        href: `#/data/${encodeURIComponent(value.className)}/${encodeURIComponent(value.objectId)}`,
        class: "pointer",
        onclick: onPointer ? (event) => { event.preventDefault(); onPointer(value); } : undefined,
      }, `${value.className} ${value.objectId}`);
    case "File":
      return safeURL(value.url) ? h("a", { href: safeURL(value.url), target: "_blank", rel: "noopener noreferrer" }, value.name || "file") : h("span", {}, value.name || "file");
    case "GeoPoint":
      return h("span", { class: "geo" }, `${value.latitude}, ${value.longitude}`);
    case "Bytes":
      return h("span", { class: "muted" }, `bytes (${(value.base64 || "").length} base64 chars)`);
    case "Relation":
      return h("span", { class: "muted" }, `relation → ${value.className}`);
    default:
      return h("span", { class: "json", title: JSON.stringify(value) }, clip(JSON.stringify(value)));
  }
}

// The ACL column: who may read and write, in words.
export function aclCell(acl) {
  if (!acl) return h("span", { class: "muted" }, "default");
  const parts = Object.entries(acl).map(([who, rights]) => {
    const what = [rights.read ? "r" : "", rights.write ? "w" : ""].join("") || "-";
    return `${who === "*" ? "public" : who}:${what}`;
  });
  return h("span", { class: "acl", title: JSON.stringify(acl) }, parts.join(" "));
}

function looksLikeDate(text) {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(text);
}

function clip(text, length = 60) {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
