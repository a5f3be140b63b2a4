import { Hono } from "hono";
import type { AppEnv, Deps } from "../lib/context";

/**
 * The third-party chat vendor's script, as a stand-in (the specification: "Chat: loads a third-party script
 * and a local widget script and passes the token and profile details to it"). It defines
 * `window.LatteVendor = { init(options), shutdown() }`: `init` shows a small fixed chat panel
 * (`<section aria-label="Chat assistant">` with a heading, a close button and a greeting using
 * `options.firstName`), `shutdown` removes it. Built with DOM calls only (no innerHTML, no inline
 * style attribute), so it works under a strict Content-Security-Policy.
 */
export const CHAT_VENDOR_SCRIPT = `/* Latte chat vendor stand-in (reference upstream). */
(function () {
  "use strict";
  var PANEL_ID = "latte-vendor-panel";
  function el(tag, text) {
    var node = document.createElement(tag);
    if (text) node.textContent = text;
    return node;
  }
  function shutdown() {
    var panel = document.getElementById(PANEL_ID);
    if (panel && panel.parentNode) panel.parentNode.removeChild(panel);
  }
  function init(options) {
    options = options || {};
    shutdown();
    var name = typeof options.firstName === "string" && options.firstName.trim() ? options.firstName.trim() : "there";
    var panel = el("section");
    panel.id = PANEL_ID;
    panel.setAttribute("aria-label", "Chat assistant");
    Object.assign(panel.style, {
      position: "fixed", right: "1rem", bottom: "1rem", zIndex: "2147483000", width: "18rem", maxWidth: "calc(100vw - 2rem)",
      padding: "0.75rem 1rem", background: "#ffffff", color: "#1a1a1a", border: "1px solid #5c5c5c",
      borderRadius: "0.5rem", boxShadow: "0 4px 16px rgba(0,0,0,0.2)", font: "14px/1.4 system-ui, sans-serif"
    });
    var heading = el("h2", "Chat with us");
    Object.assign(heading.style, { margin: "0 2rem 0.5rem 0", fontSize: "1rem" });
    var close = el("button", "\\u00d7");
    close.type = "button";
    close.setAttribute("aria-label", "Close chat");
    Object.assign(close.style, {
      position: "absolute", top: "0.25rem", right: "0.25rem", minWidth: "2.75rem", minHeight: "2.75rem",
      border: "0", background: "transparent", color: "#1a1a1a", fontSize: "1.25rem", cursor: "pointer"
    });
    close.addEventListener("click", function () {
      shutdown();
      if (typeof options.onClose === "function") options.onClose();
    });
    var greeting = el("p", "Hi " + name + ", how can we help you today?");
    greeting.style.margin = "0";
    panel.appendChild(heading);
    panel.appendChild(close);
    panel.appendChild(greeting);
    (document.body || document.documentElement).appendChild(panel);
  }
  window.LatteVendor = { init: init, shutdown: shutdown };
})();
`;

/** `GET /chat/vendor.js`, served in every mode, loadable from any origin. */
export function chatRoutes(_deps: Deps) {
  const r = new Hono<AppEnv>();
  r.get("/vendor.js", (c) => {
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cross-Origin-Resource-Policy", "cross-origin");
    c.header("Access-Control-Allow-Origin", "*");
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "public, max-age=300");
    return c.body(CHAT_VENDOR_SCRIPT, 200);
  });
  return r;
}
