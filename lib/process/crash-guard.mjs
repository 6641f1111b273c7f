// A process of ours decides what a failure does to it, not a library. Emscripten's output (tfjs-backend-wasm, loaded
// by the image models) adds `process.on("unhandledRejection", (reason) => { throw reason })` when it loads, which
// turns any promise nobody awaited (a pg-boss poll during a database failover, say) into the end of the process.
// Once guarded, every unhandledRejection handler added afterwards runs inside a try/catch: it still sees the event
// (Next.js's filter, a library's logging) but cannot throw out of it; and an unhandled rejection is logged and the
// process goes on. Truly uncaught exceptions still end the process: the launcher's supervisor starts it again
// (lib/process/supervisor.ts). The registration methods are wrapped, not the listener list swept, because Next.js
// keeps the handlers added after it in a list of its own. Plain JavaScript: the web server runs without a loader.

const EVENT = "unhandledRejection";
let installed = false;

/** @param {unknown} reason */
function describeReason(reason) {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  try {
    return String(reason);
  } catch {
    return "(an object that cannot be printed)";
  }
}

/**
 * @param {{ name: string, log?: (line: string) => void }} options
 * @returns {void}
 */
export function guardProcess({ name, log = (line) => console.error(line) }) {
  if (installed) return;
  installed = true;
  /** @type {WeakMap<Function, Function>} a library's handler → the one registered in its place */
  const tamed = new WeakMap();
  /** @param {Function} listener */
  const tame = (listener) => {
    let safe = tamed.get(listener);
    if (!safe) {
      /** @param {unknown[]} args */
      safe = function (...args) {
        try {
          return listener.apply(this, args);
        } catch (error) {
          log(`[${name}] an unhandledRejection handler threw (ignored, the process goes on): ${describeReason(error)}`);
        }
      };
      tamed.set(listener, safe);
    }
    return safe;
  };
  const proc = /** @type {Record<string, Function>} */ (/** @type {unknown} */ (process));
  for (const method of ["on", "addListener", "prependListener", "once", "prependOnceListener"]) {
    const original = proc[method];
    proc[method] = function (/** @type {string | symbol} */ event, /** @type {Function} */ listener) {
      return original.call(this, event, event === EVENT && typeof listener === "function" ? tame(listener) : listener);
    };
  }
  for (const method of ["removeListener", "off"]) {
    const original = proc[method];
    proc[method] = function (/** @type {string | symbol} */ event, /** @type {Function} */ listener) {
      return original.call(this, event, event === EVENT ? (tamed.get(listener) ?? listener) : listener);
    };
  }
  process.on(EVENT, (reason) =>
    log(`[${name}] a failed promise no one was waiting for (logged; the process goes on): ${describeReason(reason)}`),
  );
}
