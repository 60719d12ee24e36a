// PathLink on the server (web/components/PathLink.tsx) renders the router's Link markup without its hooks: the same
// HTML as <Link>, or the browser's hydration would see another element.
import { createElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Link, StaticRouter } from "react-router-dom";
import { PathLink } from "../../../../web/components/PathLink.js";

const at = (location: string, node: ReactNode) => renderToString(createElement(StaticRouter, { location }, node));

const paths = [
  "/article/airborne-radar-9950",
  "/search?q=defence&page=2",
  "/search?q=%22heavy+carrier%22&category=intelligence&sort=newest&range=custom&from=2026-01-01&to=2026-02-01&page=3",
  "/search?q=%3Cb%3E%26%22",
  "/category/intelligence",
  "/",
  // Paths the router rewrites, where PathLink defers to it.
  "/search?",
  "/article/",
  "//evil.example/x",
  "/a//b",
  "/a/./b",
  "/a/../b",
  "/a/b#part",
  "/\\evil.example",
  "relative/path",
  "https://example.com/x",
];
const props = [{}, { className: "card-link" }, { rel: "next", className: "btn btn-outline" }, { "aria-label": "Page 2" }, { target: "_blank", rel: "noopener" }];

test.each(paths.flatMap((to) => props.map((p) => [to, p] as const)))("PathLink to %s with %j renders as the router's Link", (to, p) => {
  for (const location of ["/search?q=defence", "/article/x/y"]) {
    const children = createElement("strong", null, "Text & <more>");
    expect(at(location, createElement(PathLink, { to, ...p }, children))).toBe(at(location, createElement(Link, { to, ...p }, children)));
  }
});

test("a site path is written out without the router's Link", () => {
  expect(at("/", createElement(PathLink, { to: "/search?q=a&page=2", className: "x" }, "2"))).toBe('<a class="x" href="/search?q=a&amp;page=2" data-discover="true">2</a>');
});
