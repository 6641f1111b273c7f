// Every vote as read from the database, counted or not, in columns: what the leaderboard's battle table is built
// from. Left out of the table, and counted: demo battles, named (non-anonymous) battles and those whose answers
// revealed a model, battles stopped by moderation, votes from banned visitors, and votes an integrity rule did not
// count.

import type pg from "pg";
import { dedupTagsFromCounts } from "../categories/dedup";
import { LEADERBOARD_TAGS } from "../categories/names";
import { sql } from "../db/sql";
import {
  type BattleTable,
  BattleTableBuilder,
  bytes,
  type Column,
  floats,
  Interner,
  ints,
  NO_COUNT,
} from "../ratings/battle-table";
import { CODE_WINNER, type StyleCounts, type Winner } from "../ratings/types";
import { UuidIndex, uuidOfWords } from "./uuid-index";

export interface Exclusions {
  demo: number;
  notAnonymous: number;
  moderation: number;
  bannedVisitor: number;
  notCounted: number;
  /** a cohort's battles, while the operator keeps them off the public boards (setting board.cohortVotes) */
  cohort: number;
}

export interface LiveBattles {
  table: BattleTable;
  /** votes seen, before exclusions */
  votes: number;
  excluded: Exclusions;
}

/** Why a vote does not count, in the order the reasons are checked; 0 when it counts. */
export const EXCLUSIONS = ["", "demo", "notAnonymous", "moderation", "bannedVisitor", "notCounted", "cohort"] as const;

/** The labels the board reads (its category tags and refusal), in the order PostgreSQL sorts them: the order
 *  `array_agg(DISTINCT …)` gives a battle's labels, which decides the order categories first appear in. */
export class LabelSet {
  private readonly bit: Map<string, number>;
  private readonly decoded = new Map<number, { categories: string[]; refusal: boolean }>();
  constructor(readonly names: string[]) {
    this.bit = new Map(names.map((name, k) => [name, k]));
  }

  static async sorted(client: pg.PoolClient): Promise<LabelSet> {
    const { rows } = await client.query<{ names: string[] }>(
      sql`SELECT array_agg(x ORDER BY x) AS names FROM unnest(${[...LEADERBOARD_TAGS, "refusal"]}::text[]) x`,
    );
    return new LabelSet(rows[0]?.names ?? []);
  }

  maskOf(labels: string[]): number {
    let mask = 0;
    for (const label of labels) {
      const bit = this.bit.get(label);
      if (bit !== undefined) mask |= 1 << bit;
    }
    return mask;
  }

  of(mask: number) {
    let labels = this.decoded.get(mask);
    if (!labels) {
      const names = this.names.filter((_, k) => mask & (1 << k));
      labels = { categories: names.filter((c) => LEADERBOARD_TAGS.has(c)), refusal: names.includes("refusal") };
      this.decoded.set(mask, labels);
    }
    return labels;
  }
}

/**
 * Every vote, counted or not, as read from the database, in vote order: what the battle table is built from. Kept
 * between recomputes by the jobs process, so a recompute reads only what changed (LiveBattleCache).
 */
export class VoteStore {
  readonly excluded;
  readonly winner;
  readonly a;
  readonly b;
  readonly tstamp;
  readonly judge;
  readonly turn;
  readonly isPreset;
  readonly language;
  /** the conversation's id, 4 words a vote */
  readonly conversation;
  /** 8 a vote, whole counts (PostgreSQL's integers) */
  readonly style;
  /** 2 a vote, NO_COUNT when unknown */
  readonly entities;
  readonly labelled;
  /** a LabelSet mask */
  readonly labels;
  /** 4 words a vote */
  readonly promptKey;
  readonly models = new Interner();
  readonly judges = new Interner();
  readonly languages = new Interner();

  /** Made for `expected` votes (a full read counts them first): columns grown by doubling while 10M votes were read
   *  held up to twice the votes, and each growth both arrays at once. */
  constructor(expected = 0) {
    const per = (width: number) => ({ capacity: Math.max(16, width * expected) });
    this.excluded = bytes(per(1));
    this.winner = bytes(per(1));
    this.a = ints(per(1));
    this.b = ints(per(1));
    this.tstamp = floats(per(1));
    this.judge = ints(per(1));
    this.turn = ints(per(1));
    this.isPreset = bytes(per(1));
    this.language = ints(per(1));
    this.conversation = ints(per(4));
    // whole counts as 32-bit integers: as floats the two held 80 bytes of a vote's 148 (10M votes: 400 MB more)
    this.style = ints(per(8));
    this.entities = ints(per(2));
    this.labelled = bytes(per(1));
    this.labels = ints(per(1));
    this.promptKey = ints(per(4));
  }

  get count() {
    return this.excluded.length;
  }

  /** Every column holds the same number of votes. */
  aligned(): boolean {
    const n = this.count;
    return (
      this.conversation.length === 4 * n &&
      this.style.length === 8 * n &&
      this.entities.length === 2 * n &&
      this.labels.length === n &&
      this.labelled.length === n &&
      this.promptKey.length === 4 * n
    );
  }

  /** Every column, with its values per vote. */
  private columns(): [Column<Int32Array | Uint8Array | Float64Array>, number][] {
    return [
      [this.excluded, 1],
      [this.winner, 1],
      [this.a, 1],
      [this.b, 1],
      [this.tstamp, 1],
      [this.judge, 1],
      [this.turn, 1],
      [this.isPreset, 1],
      [this.language, 1],
      [this.labelled, 1],
      [this.labels, 1],
      [this.conversation, 4],
      [this.style, 8],
      [this.entities, 2],
      [this.promptKey, 4],
    ];
  }

  /** Gives back each column's room beyond its votes: the store is kept between recomputes, and after a full read of
   *  10M votes its doubled arrays held ~40% more than the votes (the style column alone 1.07 GB for 640 MB). */
  compact() {
    for (const [column] of this.columns()) column.compact();
  }

  /** Keeps the first `n` votes. */
  truncate(n: number) {
    for (const [column, width] of this.columns()) column.truncate(width * n);
  }

  /** A copy of the votes from `from` on, to tell afterwards whether reading them again changed anything. */
  tail(from: number): ArrayLike<number>[] {
    return this.columns().map(([column, width]) => column.view().slice(width * from));
  }

  /** The votes from `from` on are the ones `tail(from)` copied. */
  sameTail(from: number, copy: ArrayLike<number>[]): boolean {
    return this.columns().every(([column, width], c) => {
      const now = column.view().subarray(width * from);
      const before = copy[c] as ArrayLike<number>;
      if (now.length !== before.length) return false;
      for (let k = 0; k < now.length; k++) if (!Object.is(now[k], before[k])) return false;
      return true;
    });
  }

  /** Vote `k`'s values in every column. */
  private valuesOf(k: number): number[] {
    const values: number[] = [];
    for (const [column, width] of this.columns()) for (let i = 0; i < width; i++) values.push(column.at(width * k + i));
    return values;
  }

  /** Overwrites vote `to` with vote `from` of `other` (a re-read of the same vote); true when anything differs. */
  overwrite(to: number, other: VoteStore, from: number): boolean {
    const before = this.valuesOf(to);
    this.excluded.set(to, other.excluded.at(from));
    this.winner.set(to, other.winner.at(from));
    this.a.set(to, this.models.id(other.models.names[other.a.at(from)] as string));
    this.b.set(to, this.models.id(other.models.names[other.b.at(from)] as string));
    this.tstamp.set(to, other.tstamp.at(from));
    const judge = other.judge.at(from);
    this.judge.set(to, judge === -1 ? -1 : this.judges.id(other.judges.names[judge] as string));
    this.turn.set(to, other.turn.at(from));
    this.isPreset.set(to, other.isPreset.at(from));
    const language = other.language.at(from);
    this.language.set(to, language === -1 ? -1 : this.languages.id(other.languages.names[language] as string));
    for (let k = 0; k < 8; k++) this.style.set(8 * to + k, other.style.at(8 * from + k));
    for (let k = 0; k < 2; k++) this.entities.set(2 * to + k, other.entities.at(2 * from + k));
    this.labelled.set(to, other.labelled.at(from));
    this.labels.set(to, other.labels.at(from));
    for (let k = 0; k < 4; k++) {
      this.conversation.set(4 * to + k, other.conversation.at(4 * from + k));
      this.promptKey.set(4 * to + k, other.promptKey.at(4 * from + k));
    }
    return this.valuesOf(to).some((value, i) => !Object.is(value, before[i]));
  }

  /** Each conversation's vote (a conversation has at most one). */
  votesByConversation(): UuidIndex {
    const index = new UuidIndex(this.count);
    const words = this.conversation.view();
    for (let k = 0; k < this.count; k++) index.set(words, 4 * k, k);
    return index;
  }

  /** The battles that count, as the rating engine's table, with FastChat's de-duplication tags. */
  liveBattles(labelSet: LabelSet): LiveBattles {
    const excluded: Exclusions = {
      demo: 0,
      notAnonymous: 0,
      moderation: 0,
      bannedVisitor: 0,
      notCounted: 0,
      cohort: 0,
    };
    // each counted vote's position among all votes, and their category tags: the table is made to their size
    const counted = new Int32Array(this.count);
    let battles = 0;
    let tags = 0;
    for (let k = 0; k < this.count; k++) {
      const reason = EXCLUSIONS[this.excluded.at(k)];
      if (reason) {
        excluded[reason]++;
        continue;
      }
      counted[battles++] = k;
      tags += labelSet.of(this.labels.at(k)).categories.length;
    }
    // in shared memory from the start: the recompute's worker threads read this table, and a copy made for them
    // beside the one kept between recomputes was the table twice over (~125 bytes a vote: 1.25 GB at 10M)
    const builder = new BattleTableBuilder({ battles, tags, shared: true, wholeCounts: true });
    for (let i = 0; i < battles; i++) {
      const k = counted[i] as number;
      const { categories, refusal } = labelSet.of(this.labels.at(k));
      const language = this.language.at(k);
      const judge = this.judge.at(k);
      const entityA = this.entities.at(2 * k);
      builder.add({
        modelA: this.models.names[this.a.at(k)] as string,
        modelB: this.models.names[this.b.at(k)] as string,
        winner: CODE_WINNER[this.winner.at(k)] as Winner,
        anony: true,
        language: language === -1 ? undefined : this.languages.names[language],
        turn: this.turn.at(k),
        tstamp: this.tstamp.at(k),
        judge: judge === -1 ? undefined : this.judges.names[judge],
        isPreset: this.isPreset.at(k) === 1,
        // unknown until tagged, so untagged battles stay in the no_refusal board
        isRefusal: this.labelled.at(k) === 0 ? undefined : refusal,
        categories,
        style: Array.from({ length: 8 }, (_, f) => this.style.at(8 * k + f)) as unknown as StyleCounts,
        entities: entityA === NO_COUNT ? undefined : [entityA, this.entities.at(2 * k + 1)],
      });
    }
    const table = builder.build();
    table.dedupKeep.set(this.dedupSampled(counted.subarray(0, battles)));
    return { table, votes: this.count, excluded };
  }

  /** FastChat's de-duplication over the counted votes, keyed by the visitor's prompts and images: which it keeps. */
  private dedupSampled(counted: Int32Array): Uint8Array {
    const keys = this.promptKey.view();
    // counted votes per prompt key (made after the table, so the two are never held beside the builder's columns)
    const perKey = new UuidIndex(counted.length);
    for (const k of counted) perKey.add(keys, 4 * k, 1);
    const counts = new Int32Array(counted.length);
    for (let i = 0; i < counted.length; i++) counts[i] = perKey.get(keys, 4 * (counted[i] as number)) as number;
    const conversations = this.conversation.view();
    const wordsOf = (words: Int32Array, k: number) =>
      uuidOfWords(
        words[4 * k] as number,
        words[4 * k + 1] as number,
        words[4 * k + 2] as number,
        words[4 * k + 3] as number,
      );
    return dedupTagsFromCounts(
      counts,
      (i) => wordsOf(keys, counted[i] as number),
      (i) => wordsOf(conversations, counted[i] as number),
    ).sampled;
  }
}
