// The pace at which a stage gets work done, measured as it runs: the time during which at least one item was in the
// stage, divided among the items finished in it. Items in the stage together share the cores, so each one's own wall
// time says little; busy time per completion is how fast the next item ahead gets out of the way, however many run
// at once. Admission sizes itself from it (issue 41: "a bounded queue sized from measured capacity").

/** each completion moves the figure a twentieth of the way, as the image classifier's own time per image does */
const SMOOTHING = 20;

/** Busy time per completion of one stage, smoothed over recent completions. */
export class BusyPace {
  private active = 0;
  /** the start of the busy time not yet given to a completion */
  private busySince = 0;
  msPerItem: number;

  constructor(
    unmeasuredMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.msPerItem = unmeasuredMs;
  }

  /** One item starts; call the returned function once when it is done (or failed). */
  start(): () => void {
    const now = this.now();
    if (this.active === 0) this.busySince = now;
    this.active++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const at = this.now();
      this.msPerItem += (at - this.busySince - this.msPerItem) / SMOOTHING;
      this.busySince = at;
      this.active--;
    };
  }

  /** Items started and not done. */
  get inProgress(): number {
    return this.active;
  }
}
