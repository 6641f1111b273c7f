#!/usr/bin/env python3
"""What a reader sees in a recorded OpenAI-style SSE body (tests/recordings/streams/*.sse), written apart from the
arena's adapters so that recordings.json's expectations do not come from the code they check: the visible text
(a leading <think>...</think> taken out, the blank lines after it not part of the answer), the thinking
(delta.reasoning or delta.reasoning_content, or inside <think>), the last finish reason, the last usage, and any
error object the service sent mid-stream.  Usage: python3 read_sse.py FILE..."""
import json
import re
import sys


def read(path):
    text, thinking, finish, usage, errors = [], [], None, None, []
    for line in open(path, encoding="utf-8").read().split("\n"):
        if not line.startswith("data:"):
            continue  # blank separators and SSE comments (": OPENROUTER PROCESSING")
        data = line[5:].strip()
        if data == "[DONE]":
            continue
        event = json.loads(data)
        if event.get("error"):
            errors.append(event["error"])
        if event.get("usage"):
            usage = event["usage"]
        for choice in event.get("choices") or []:
            delta = choice.get("delta") or {}
            if isinstance(delta.get("content"), str):
                text.append(delta["content"])
            reasoning = delta.get("reasoning") or delta.get("reasoning_content")
            if isinstance(reasoning, str):
                thinking.append(reasoning)
            if choice.get("finish_reason"):
                finish = choice["finish_reason"]
    visible, thought = "".join(text), "".join(thinking)
    tagged = re.match(r"^\s*<think>(.*?)</think>", visible, re.S)
    if tagged:
        thought, visible = tagged.group(1), visible[tagged.end():].lstrip()
    return {
        "text": visible,
        "thinking": thought,
        "finishReason": "error" if errors else finish,
        "inputTokens": usage and usage.get("prompt_tokens"),
        "outputTokens": usage and usage.get("completion_tokens"),
        "errors": errors,
    }


if __name__ == "__main__":
    for file in sys.argv[1:]:
        print(json.dumps({"file": file, **read(file)}, ensure_ascii=False))
