import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorContent } from "../../app/components/layout/error-page";

// The error page says the status that happened: a 503 is not called a 500, a refused request is not
// called a server error, and a 404 keeps its own page.
function render(status: number): string {
  return renderToStaticMarkup(createElement(StaticRouter, { location: "/" }, createElement(ErrorContent, { status })));
}

describe("ErrorContent", () => {
  it("404: Page not found", () => {
    const html = render(404);
    expect(html).toContain("Page not found");
    expect(html).toContain(">404<");
  });

  it("503: its own code and a temporary outage in words", () => {
    const html = render(503);
    expect(html).toContain(">503<");
    expect(html).toContain("cannot reach its data for a moment");
    expect(html).not.toContain(">500<");
  });

  it("500 and an unknown failure: Internal server error", () => {
    expect(render(500)).toContain("Internal server error.");
    expect(render(0)).toContain(">500<");
  });

  it("403 and 400: refused, not a server error", () => {
    const forbidden = render(403);
    expect(forbidden).toContain("Access denied");
    expect(forbidden).toContain("You do not have access to this page.");
    const bad = render(400);
    expect(bad).toContain(">400<");
    expect(bad).toContain("This request was refused");
    expect(bad).not.toContain("Internal server error");
  });
});
