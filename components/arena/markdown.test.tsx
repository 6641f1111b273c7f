import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown } from "./markdown";

describe("Markdown", () => {
  it("renders answers without letting scripts, handlers or javascript: links through", () => {
    const html = renderToStaticMarkup(
      <Markdown
        text={
          '# Title\n\n<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n[click](javascript:alert(3))\n\n```js\nconst x = 1;\n```'
        }
      />,
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('class="hljs language-js"');
  });
});
