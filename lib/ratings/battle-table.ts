// Battles in columns (typed arrays), so a million of them fit in little memory and filters are index lists.
import { ratingsError } from "./errors";
import { type Battle, CODE_WINNER, type OutcomeCode, type StyleCounts, WINNER_CODE } from "./types";

/** Unknown for the tri-state columns (anony, isPreset, isRefusal, dedup). */
export const UNKNOWN = 2;

/** A column of counts (style, named entities): 64-bit floats as read from battle files, or 32-bit integers where the
 *  counts are whole by construction (PostgreSQL's integer columns: the leaderboard's table and vote store, where at
 *  10M votes the floats held 400 MB more each). */
export type Counts = Float64Array | Int32Array;

/** An unknown count in an integer column (NaN in a float column). */
export const NO_COUNT = -0x80000000;

/** Whether a count read from a Counts column is known. */
export const isKnownCount = (value: number) => !Number.isNaN(value) && value !== NO_COUNT;

export class BattleTable {
  constructor(
    readonly models: string[],
    readonly a: Int32Array,
    readonly b: Int32Array,
    readonly outcome: Uint8Array,
    /** 0 false, 1 true, 2 unknown */
    readonly anony: Uint8Array,
    readonly isPreset: Uint8Array,
    readonly isRefusal: Uint8Array,
    /** 1 when FastChat's de-duplication keeps the battle, 0 when it drops it, 2 unknown */
    readonly dedupKeep: Uint8Array,
    /** 0 when unknown */
    readonly turn: Int32Array,
    /** NaN when unknown */
    readonly tstamp: Float64Array,
    /** index into `languages`, -1 when unknown */
    readonly language: Int32Array,
    readonly languages: string[],
    /** index into `judges`, -1 when unknown */
    readonly judge: Int32Array,
    readonly judges: string[],
    /** category tags in compressed rows: tags of battle i are categoryIds[categoryOffsets[i] .. categoryOffsets[i+1]) */
    readonly categoryOffsets: Int32Array,
    readonly categoryIds: Int32Array,
    readonly categoryNames: string[],
    /** 8 style counts per battle (see StyleCounts); unknown (NaN, NO_COUNT) when the battle has none */
    readonly style: Counts,
    /** 2 named-entity counts per battle (A, B); unknown (NaN, NO_COUNT) when not counted */
    readonly entities: Counts = new Float64Array(a.length * 2).fill(Number.NaN),
  ) {}

  get size(): number {
    return this.a.length;
  }

  /** All row indices, in order. */
  allRows(): Uint32Array {
    const rows = new Uint32Array(this.size);
    for (let i = 0; i < rows.length; i++) rows[i] = i;
    return rows;
  }

  hasStyle(row: number): boolean {
    return isKnownCount(this.style[row * 8] as number);
  }

  hasEntities(row: number): boolean {
    return isKnownCount(this.entities[row * 2] as number);
  }

  winner(row: number) {
    return CODE_WINNER[this.outcome[row] as number];
  }

  /** The same table with its columns in shared memory: posted to worker threads, it is shared rather than copied. */
  shared(): BattleTable {
    if (this.a.buffer instanceof SharedArrayBuffer) return this;
    return new BattleTable(
      this.models,
      sharedCopy(this.a),
      sharedCopy(this.b),
      sharedCopy(this.outcome),
      sharedCopy(this.anony),
      sharedCopy(this.isPreset),
      sharedCopy(this.isRefusal),
      sharedCopy(this.dedupKeep),
      sharedCopy(this.turn),
      sharedCopy(this.tstamp),
      sharedCopy(this.language),
      this.languages,
      sharedCopy(this.judge),
      this.judges,
      sharedCopy(this.categoryOffsets),
      sharedCopy(this.categoryIds),
      this.categoryNames,
      sharedCopy(this.style),
      sharedCopy(this.entities),
    );
  }

  /** A table from its structured clone (what a worker thread receives: the fields without the class). */
  static revive(clone: BattleTable): BattleTable {
    const c = clone;
    return new BattleTable(
      c.models,
      c.a,
      c.b,
      c.outcome,
      c.anony,
      c.isPreset,
      c.isRefusal,
      c.dedupKeep,
      c.turn,
      c.tstamp,
      c.language,
      c.languages,
      c.judge,
      c.judges,
      c.categoryOffsets,
      c.categoryIds,
      c.categoryNames,
      c.style,
      c.entities,
    );
  }

  static from(battles: Iterable<Battle>): BattleTable {
    const builder = new BattleTableBuilder();
    for (const battle of battles) builder.add(battle);
    return builder.build();
  }
}

/** Names numbered in order of first appearance. */
export class Interner {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  id(name: string): number {
    let id = this.index.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.index.set(name, id);
    }
    return id;
  }
}

type Values = Int32Array | Uint32Array | Uint8Array | Float64Array;
type ValuesOf<T extends Values> = new (buffer: ArrayBuffer | SharedArrayBuffer) => T;

/** A copy of the values in shared memory (posted to a worker thread, it is shared rather than copied). */
/** `values` copied into shared memory (posted to a worker thread, shared rather than copied). */
export function sharedCopy<T extends Values>(values: T): T {
  const view = new (values.constructor as ValuesOf<T>)(new SharedArrayBuffer(values.byteLength));
  view.set(values);
  return view;
}

/** Past this many values a column grows by an eighth rather than doubling: the vote store is kept between
 *  recomputes, and one new vote after a full read of 10M doubled every column (1.5 GB more for a few votes). */
const LARGE_COLUMN = 1 << 20;

/** Growable typed array: grows its buffer geometrically, so appending a million rows stays cheap (and, off the
 *  JavaScript heap, costs the garbage collector nothing). */
export class Column<T extends Values> {
  length = 0;
  constructor(
    private data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) {
      const n = this.data.length;
      const bigger = this.make(Math.max(16, n < LARGE_COLUMN ? n * 2 : n + (n >>> 3)));
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }
  at(index: number): number {
    return this.data[index] as number;
  }
  set(index: number, value: number) {
    this.data[index] = value;
  }
  /** Gives back the room beyond the values (kept after a large read, it is up to as much again; the next push grows
   *  it anew). */
  compact() {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length) as T;
  }
  /** Keeps the first `length` values. */
  truncate(length: number) {
    this.length = Math.min(this.length, length);
  }
  /** The values so far, without copying (valid until the next push). */
  view(): T {
    return this.data.subarray(0, this.length) as T;
  }
  /** The values, exactly as many as were pushed, in their own memory (`shared`: in shared memory). */
  finish(shared = false): T {
    return shared ? sharedCopy(this.view()) : (this.data.slice(0, this.length) as T);
  }
  /**
   * As `finish`, but a column filled exactly to its capacity, in the memory asked for, gives its own array rather
   * than a copy. Only for columns that are never written in place (`set`, `truncate`) afterwards: a later push
   * reallocates a full column, so the array handed over is never written again.
   */
  handOver(shared = false): T {
    const full = this.length === this.data.length && this.data.buffer instanceof SharedArrayBuffer === shared;
    return full ? this.data : this.finish(shared);
  }
}

/** A column's memory: its first capacity, and whether it is shared (for a table posted to worker threads). */
export interface ColumnMemory {
  capacity?: number;
  shared?: boolean;
}

function column<T extends Values>(type: ValuesOf<T> & { BYTES_PER_ELEMENT: number }, memory: ColumnMemory) {
  const make = (n: number) =>
    new type(
      memory.shared ? new SharedArrayBuffer(n * type.BYTES_PER_ELEMENT) : new ArrayBuffer(n * type.BYTES_PER_ELEMENT),
    );
  return new Column(make(memory.capacity ?? 1024), make);
}

export const ints = (memory: ColumnMemory = {}) => column(Int32Array, memory);
export const bytes = (memory: ColumnMemory = {}) => column(Uint8Array, memory);
export const floats = (memory: ColumnMemory = {}) => column(Float64Array, memory);
const triState = (value: boolean | undefined) => (value === undefined ? UNKNOWN : value ? 1 : 0);

/** How many battles (and category tags over them) a builder is made for, whether its table is shared, and whether
 *  its counts are whole numbers kept as 32-bit integers (`wholeCounts`: a count that is not one is refused). */
export interface TableMemory {
  battles?: number;
  tags?: number;
  shared?: boolean;
  wholeCounts?: boolean;
}

/** A count the integer columns cannot hold as it is: never expected from PostgreSQL's integer columns. */
export class CountError extends ratingsError("internal", "count_not_whole") {}

/** Counts kept as 32-bit integers: every value must be a whole count (or unknown), never silently truncated. */
function wholeCount(value: number): number {
  if (Number.isNaN(value)) return NO_COUNT;
  if ((value | 0) !== value || value === NO_COUNT) throw new CountError(`a count of ${value} is not a 32-bit integer`);
  return value;
}

export class BattleTableBuilder {
  private readonly models = new Interner();
  private readonly languages = new Interner();
  private readonly judges = new Interner();
  private readonly categories = new Interner();
  private readonly a;
  private readonly b;
  private readonly outcome;
  private readonly anony;
  private readonly isPreset;
  private readonly isRefusal;
  private readonly dedupKeep;
  private readonly turn;
  private readonly tstamp;
  private readonly language;
  private readonly judge;
  private readonly categoryOffsets;
  private readonly categoryIds;
  private readonly style: Column<Counts>;
  private readonly entities: Column<Counts>;
  private readonly shared: boolean;
  /** how a count is kept, and what an unknown one is: whole 32-bit integers (wholeCount, NO_COUNT) or floats */
  private readonly counts: { count: (value: number) => number; unknown: number };

  /**
   * Made for `battles` battles in the memory the table will use (`shared`: for worker threads), `build` hands the
   * columns over without copying them: at 10M votes, columns grown by doubling and then copied into shared memory
   * held ~3.2 GB at once for a table of 1.2 GB.
   */
  constructor(memory: TableMemory = {}) {
    const shared = Boolean(memory.shared);
    const per = (width: number) => ({ capacity: memory.battles === undefined ? 1024 : width * memory.battles, shared });
    this.shared = shared;
    this.a = ints(per(1));
    this.b = ints(per(1));
    this.outcome = bytes(per(1));
    this.anony = bytes(per(1));
    this.isPreset = bytes(per(1));
    this.isRefusal = bytes(per(1));
    this.dedupKeep = bytes(per(1));
    this.turn = ints(per(1));
    this.tstamp = floats(per(1));
    this.language = ints(per(1));
    this.judge = ints(per(1));
    this.categoryOffsets = ints({ capacity: memory.battles === undefined ? 1024 : memory.battles + 1, shared });
    this.categoryIds = ints({ capacity: memory.tags ?? 1024, shared });
    const counts = memory.wholeCounts ? ints : floats;
    this.style = counts(per(8));
    this.entities = counts(per(2));
    this.counts = memory.wholeCounts
      ? { count: wholeCount, unknown: NO_COUNT }
      : { count: (value) => value, unknown: Number.NaN };
    this.categoryOffsets.push(0);
  }

  get size() {
    return this.a.length;
  }

  add(battle: Battle): void {
    this.a.push(this.models.id(battle.modelA));
    this.b.push(this.models.id(battle.modelB));
    this.outcome.push(WINNER_CODE[battle.winner] as OutcomeCode);
    this.anony.push(triState(battle.anony));
    this.isPreset.push(triState(battle.isPreset));
    this.isRefusal.push(triState(battle.isRefusal));
    const dedup = battle.dedup;
    this.dedupKeep.push(dedup === undefined ? UNKNOWN : (dedup.sampled ?? !dedup.highFreq) ? 1 : 0);
    this.turn.push(battle.turn ?? 0);
    this.tstamp.push(battle.tstamp ?? Number.NaN);
    this.language.push(battle.language ? this.languages.id(battle.language) : -1);
    this.judge.push(battle.judge ? this.judges.id(battle.judge) : -1);
    for (const tag of battle.categories ?? []) this.categoryIds.push(this.categories.id(tag));
    this.categoryOffsets.push(this.categoryIds.length);
    const style: StyleCounts | undefined = battle.style;
    const entities = battle.entities;
    const { count, unknown } = this.counts;
    for (let k = 0; k < 8; k++) this.style.push(style ? count(style[k] as number) : unknown);
    this.entities.push(entities ? count(entities[0]) : unknown);
    this.entities.push(entities ? count(entities[1]) : unknown);
  }

  /**
   * The table (`shared`: its columns in shared memory, as BattleTable.shared() would copy them, without the copy).
   * Columns filled to the capacity the builder was made for, in that memory, are handed over rather than copied.
   */
  build({ shared = this.shared } = {}): BattleTable {
    return new BattleTable(
      this.models.names,
      this.a.handOver(shared),
      this.b.handOver(shared),
      this.outcome.handOver(shared),
      this.anony.handOver(shared),
      this.isPreset.handOver(shared),
      this.isRefusal.handOver(shared),
      this.dedupKeep.handOver(shared),
      this.turn.handOver(shared),
      this.tstamp.handOver(shared),
      this.language.handOver(shared),
      this.languages.names,
      this.judge.handOver(shared),
      this.judges.names,
      this.categoryOffsets.handOver(shared),
      this.categoryIds.handOver(shared),
      this.categories.names,
      this.style.handOver(shared),
      this.entities.handOver(shared),
    );
  }
}
