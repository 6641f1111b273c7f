// Battles in columns (typed arrays), so a million of them fit in little memory and filters are index lists.
import { type Battle, CODE_WINNER, type OutcomeCode, type StyleCounts, WINNER_CODE } from "./types";

/** Unknown for the tri-state columns (anony, isPreset, isRefusal, dedup). */
export const UNKNOWN = 2;

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
    /** 8 style counts per battle (see StyleCounts); NaN when the battle has none */
    readonly style: Float64Array,
    /** 2 named-entity counts per battle (A, B); NaN when unknown */
    readonly entities: Float64Array = new Float64Array(a.length * 2).fill(Number.NaN),
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
    return !Number.isNaN(this.style[row * 8] as number);
  }

  hasEntities(row: number): boolean {
    return !Number.isNaN(this.entities[row * 2] as number);
  }

  winner(row: number) {
    return CODE_WINNER[this.outcome[row] as number];
  }

  /** The same table with its columns in shared memory: posted to worker threads, it is shared rather than copied. */
  shared(): BattleTable {
    if (this.a.buffer instanceof SharedArrayBuffer) return this;
    const share = sharedCopy;
    return new BattleTable(
      this.models,
      share(this.a),
      share(this.b),
      share(this.outcome),
      share(this.anony),
      share(this.isPreset),
      share(this.isRefusal),
      share(this.dedupKeep),
      share(this.turn),
      share(this.tstamp),
      share(this.language),
      this.languages,
      share(this.judge),
      this.judges,
      share(this.categoryOffsets),
      share(this.categoryIds),
      this.categoryNames,
      share(this.style),
      share(this.entities),
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

/** Growable typed array: doubles its buffer, so appending a million rows stays cheap (and, off the JavaScript heap,
 *  costs the garbage collector nothing). */
/** A copy of the values in shared memory (posted to a worker thread, it is shared rather than copied). */
function sharedCopy<T extends Int32Array | Uint8Array | Float64Array>(values: T): T {
  const view = new (values.constructor as new (buffer: SharedArrayBuffer) => T)(
    new SharedArrayBuffer(values.byteLength),
  );
  view.set(values);
  return view;
}

export class Column<T extends Int32Array | Uint8Array | Float64Array> {
  length = 0;
  constructor(
    private data: T,
    private readonly make: (n: number) => T,
  ) {}
  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = this.make(Math.max(16, this.data.length * 2));
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
}

export const ints = () => new Column(new Int32Array(1024), (n) => new Int32Array(n));
export const bytes = () => new Column(new Uint8Array(1024), (n) => new Uint8Array(n));
export const floats = () => new Column(new Float64Array(1024), (n) => new Float64Array(n));
const triState = (value: boolean | undefined) => (value === undefined ? UNKNOWN : value ? 1 : 0);

export class BattleTableBuilder {
  private readonly models = new Interner();
  private readonly languages = new Interner();
  private readonly judges = new Interner();
  private readonly categories = new Interner();
  private readonly a = ints();
  private readonly b = ints();
  private readonly outcome = bytes();
  private readonly anony = bytes();
  private readonly isPreset = bytes();
  private readonly isRefusal = bytes();
  private readonly dedupKeep = bytes();
  private readonly turn = ints();
  private readonly tstamp = floats();
  private readonly language = ints();
  private readonly judge = ints();
  private readonly categoryOffsets = ints();
  private readonly categoryIds = ints();
  private readonly style = floats();
  private readonly entities = floats();

  constructor() {
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
    for (let k = 0; k < 8; k++) this.style.push(style ? (style[k] as number) : Number.NaN);
    this.entities.push(battle.entities ? battle.entities[0] : Number.NaN);
    this.entities.push(battle.entities ? battle.entities[1] : Number.NaN);
  }

  /** The table (`shared`: its columns in shared memory, as BattleTable.shared() would copy them, without the copy). */
  build({ shared = false } = {}): BattleTable {
    return new BattleTable(
      this.models.names,
      this.a.finish(shared),
      this.b.finish(shared),
      this.outcome.finish(shared),
      this.anony.finish(shared),
      this.isPreset.finish(shared),
      this.isRefusal.finish(shared),
      this.dedupKeep.finish(shared),
      this.turn.finish(shared),
      this.tstamp.finish(shared),
      this.language.finish(shared),
      this.languages.names,
      this.judge.finish(shared),
      this.judges.names,
      this.categoryOffsets.finish(shared),
      this.categoryIds.finish(shared),
      this.categories.names,
      this.style.finish(shared),
      this.entities.finish(shared),
    );
  }
}
