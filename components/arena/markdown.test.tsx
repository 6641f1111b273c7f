import { describe, expect, it } from "vitest";
import { renderInEnglish as renderToStaticMarkup } from "@/components/render-in-english";
import { MarkdownRenderer as Markdown } from "./markdown-renderer";

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

describe("Markdown math", () => {
  const render = (text: string, streaming = false) =>
    renderToStaticMarkup(<Markdown text={text} streaming={streaming} />);

  it("typesets the four delimiters models use", () => {
    for (const text of [
      "Area: $\\frac{1}{2}ab = 6$.",
      "$$c = \\sqrt{a^2+b^2}$$",
      "So \\(x^2\\) grows.",
      "\\[\n\\int_0^1 x\\,dx\n\\]",
    ]) {
      const html = render(text);
      expect(html, text).toContain('class="katex"');
      expect(html, text).not.toContain("katex-error");
    }
    expect(render("$$c = \\sqrt{a^2+b^2}$$")).toContain("katex-display");
    expect(render("So \\(x^2\\) grows.")).not.toContain("katex-display");
  });

  it("leaves math delimiters inside code alone", () => {
    const html = render("Use `$x$` or\n\n```tex\n\\[ y \\]\n```\n");
    expect(html).not.toContain('class="katex"');
    expect(html).toContain("$x$");
  });

  it("keeps an unfinished display formula as text while streaming, and typesets it once closed", () => {
    const half = "The hypotenuse:\n\n$$\nc = \\sqrt{a^2";
    const streaming = render(half, true);
    expect(streaming).not.toContain("katex");
    expect(streaming).toContain("c = \\sqrt{a^2");
    expect(render(`${half}+b^2}\n$$`, true)).toContain("katex-display");
  });

  it("lets no link or HTML through KaTeX", () => {
    const html = render("$\\href{javascript:alert(1)}{x}$ and $\\htmlId{evil}{y}$ and $\\url{javascript:alert(2)}$");
    // the source stays readable in the formula's annotation; what matters is that it became no link or id
    expect(html).not.toMatch(/<a |href=/);
    expect(html).not.toContain('id="evil"');
    expect(html).toContain("katex-mathml");
  });

  it("renders tables and puts a copy button on code", () => {
    const html = render("| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```");
    expect(html).toContain("<table>");
    expect(html).toContain("Copy code");
  });
});
