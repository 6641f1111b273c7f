// Open models served raw (vLLM, llama.cpp, Ollama without a reasoning parser) stream their thinking inside the
// answer: `<think>…</think>` at its start. That text is the model's reasoning, not its answer: it is kept apart
// (never shown before the vote, never counted in the answer's style). The tags may arrive split across chunks in
// any way, so the splitter holds back only what could still be the start of a tag.

const OPEN = "<think>";
const CLOSE = "</think>";

export interface Split {
  answer: string;
  thought: string;
}

/** The longest end of `text` that is a proper start of `tag` (what may complete into the tag with more text). */
function partialTagAtEnd(text: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, text.length); n > 0; n--) if (tag.startsWith(text.slice(-n))) return n;
  return 0;
}

export class ThinkingSplitter {
  /** before: nothing but whitespace seen yet; thinking: inside <think>; answering: everything else */
  private state: "before" | "thinking" | "answering" = "before";
  private held = "";
  /** after </think>: the blank lines before the answer are not part of it */
  private trimAnswerStart = false;

  /** Feeds one chunk of content; returns what is now known to be answer and what thought. */
  push(chunk: string): Split {
    let text = this.held + chunk;
    this.held = "";
    const out: Split = { answer: "", thought: "" };
    if (this.state === "before") {
      const start = text.trimStart();
      if (start.length === 0) {
        this.held = text;
        return out;
      }
      if (start.startsWith(OPEN)) {
        this.state = "thinking";
        text = start.slice(OPEN.length);
      } else if (OPEN.startsWith(start)) {
        this.held = text; // "<thi": not known yet
        return out;
      } else {
        this.state = "answering";
      }
    }
    if (this.state === "thinking") {
      const end = text.indexOf(CLOSE);
      if (end < 0) {
        const keep = partialTagAtEnd(text, CLOSE);
        out.thought = text.slice(0, text.length - keep);
        this.held = text.slice(text.length - keep);
        return out;
      }
      out.thought = text.slice(0, end);
      this.state = "answering";
      this.trimAnswerStart = true;
      text = text.slice(end + CLOSE.length);
    }
    if (this.trimAnswerStart) {
      text = text.replace(/^\s+/, "");
      if (text) this.trimAnswerStart = false;
    }
    out.answer += text;
    return out;
  }

  /** The end of the stream: whatever was held back is what it seemed to be. */
  end(): Split {
    const held = this.held;
    this.held = "";
    if (this.state === "thinking") return { answer: "", thought: held };
    return { answer: held, thought: "" };
  }
}

/** A thought kept whole, up to MAX_THOUGHT_CHARS (a model that thinks without end must not fill memory). */
export const MAX_THOUGHT_CHARS = 1_000_000;

export class ThoughtCollector {
  text = "";
  private lastAt: number;

  constructor(private readonly startedAt: number) {
    this.lastAt = startedAt;
  }

  /** Adds a piece of thought; true when there was one. */
  add(piece: string): boolean {
    if (!piece) return false;
    if (this.text.length < MAX_THOUGHT_CHARS) this.text += piece.slice(0, MAX_THOUGHT_CHARS - this.text.length);
    this.lastAt = performance.now();
    return true;
  }

  result(tokens?: number) {
    return { text: this.text, ms: Math.round(this.lastAt - this.startedAt), ...(tokens ? { tokens } : {}) };
  }
}
