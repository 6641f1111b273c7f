"use client";
// The vote in sight: keyboard shortcuts for the four votes, the streaming text followed and the answers' ends brought
// above the pinned vote bar when they finish, and a swipe between answer A and B on a phone.
import { type RefObject, type TouchEvent, useEffect, useRef } from "react";
import type { Side, Winner } from "./api";

/** The keys, as the hint under the vote bar names them. */
export const VOTE_KEYS: Record<string, Winner> = { a: "model_a", b: "model_b", t: "tie", n: "tie (bothbad)" };

/** Votes from the keyboard while a vote is possible, unless the visitor is typing. */
export function useVoteKeys(enabled: boolean, onVote: (winner: Winner) => void) {
  useEffect(() => {
    if (!enabled) return;
    const press = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("input, textarea, select, [contenteditable=true]")) return;
      const winner = VOTE_KEYS[event.key.toLowerCase()];
      if (!winner) return;
      event.preventDefault();
      onVote(winner);
    };
    window.addEventListener("keydown", press);
    return () => window.removeEventListener("keydown", press);
  }, [enabled, onVote]);
}

/**
 * When a turn's answers finish, scrolls just enough that their ends sit above the pinned dock (vote bar and
 * composer), once per turn: the visitor sees how both answers end and the vote together.
 */
export function useAnswersEndInView(
  done: boolean,
  turn: number,
  answers: RefObject<HTMLElement | null>,
  dock: RefObject<HTMLElement | null>,
) {
  const shown = useRef(0);
  useEffect(() => {
    if (!done || turn === 0 || shown.current === turn) return;
    shown.current = turn;
    const end = answers.current?.getBoundingClientRect().bottom;
    const dockTop = dock.current?.getBoundingClientRect().top ?? window.innerHeight;
    if (end !== undefined && end > dockTop) window.scrollBy({ top: end - dockTop + 8, behavior: "smooth" });
  }, [done, turn, answers, dock]);
}

/**
 * While answers stream, keeps the end of the text being written in sight above the pinned dock (on a phone the
 * picture and the dock otherwise fill the screen and the answer grows below it, out of view), as chat apps do.
 * A visitor who scrolls, swipes or pages during the stream has taken over: the page stops following until the
 * next turn.
 */
export function useFollowAnswers(
  streaming: boolean,
  answers: RefObject<HTMLElement | null>,
  dock: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!streaming) return;
    let following = true;
    const takeOver = () => {
      following = false;
    };
    const keys = (event: KeyboardEvent) => {
      if (["ArrowUp", "PageUp", "Home"].includes(event.key)) takeOver();
    };
    window.addEventListener("wheel", takeOver, { passive: true });
    window.addEventListener("touchmove", takeOver, { passive: true });
    window.addEventListener("keydown", keys);
    const timer = window.setInterval(() => {
      if (!following) return;
      const end = answers.current?.getBoundingClientRect().bottom;
      const dockTop = dock.current?.getBoundingClientRect().top ?? window.innerHeight;
      if (end !== undefined && end > dockTop) window.scrollBy({ top: end - dockTop + 8, behavior: "auto" });
    }, 250);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("wheel", takeOver);
      window.removeEventListener("touchmove", takeOver);
      window.removeEventListener("keydown", keys);
    };
    // streaming ends between turns, so each turn follows afresh
  }, [streaming, answers, dock]);
}

/** A horizontal swipe over the answers shows the other one (phones show one answer at a time). */
export function useSwipe(onSwipe: (to: Side) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const from = start.current;
      const touch = event.changedTouches[0];
      start.current = null;
      if (!from || !touch) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) onSwipe(dx < 0 ? "b" : "a");
    },
  };
}
