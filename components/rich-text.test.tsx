import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { rich } from "./rich-text";

describe("rich (markup in a catalogue message)", () => {
  it("draws each tag with its function and keeps the words around them in order", () => {
    const html = renderToStaticMarkup(
      <p>
        {rich("See <link>the methodology page</link> and <code>method</code>.", {
          link: (w) => <a href="/methodology">{w}</a>,
          code: (w) => <code>{w}</code>,
        })}
      </p>,
    );
    expect(html).toBe('<p>See <a href="/methodology">the methodology page</a> and <code>method</code>.</p>');
  });
  it("shows a tag without a function as its words, and text without tags as it is", () => {
    expect(renderToStaticMarkup(<span>{rich("a <b>bold</b> move", {})}</span>)).toBe("<span>a bold move</span>");
    expect(renderToStaticMarkup(<span>{rich("plain <3 text", {})}</span>)).toBe("<span>plain &lt;3 text</span>");
  });
});
