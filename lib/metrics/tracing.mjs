// OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT names a collector (OTLP over HTTP). A battle is one
// trace: the request's span (the front door opens it), a child span for each model's answer (lib/arena/turns.ts),
// and a span for every database query made meanwhile. Plain ESM, started by the front door before Next loads.
// The database's spans come from wrapping pg's Client#query (every pool, Prisma's adapter included, goes through
// it): @opentelemetry/instrumentation-pg does the same, but its releases that match the SDK for Node 20 pull a
// require hook we do not need, and the query text is all we record.
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import pg from "pg";
import { routePattern } from "./registry.mjs";

const TRACER = "vision-arena";
let provider = null;

/** Starts exporting spans to the collector at `endpoint` (the OTLP base address, e.g. http://otel:4318). */
export async function startTracing(endpoint, serviceName = process.env.OTEL_SERVICE_NAME || "vision-arena") {
  if (provider) return provider;
  const [{ NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/sdk-trace-base"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": serviceName }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, "")}/v1/traces` }), {
        scheduledDelayMillis: Number(process.env.OTEL_BSP_SCHEDULE_DELAY) || 2_000,
      }),
    ],
  });
  provider.register();
  traceDatabaseQueries();
  return provider;
}

/** Sends the spans still buffered (on stop). */
export async function stopTracing() {
  await provider?.shutdown().catch(() => undefined);
}

/** Runs `next` inside the request's span when tracing is on; the span ends when the answer does. */
export function traceRequest(req, res, next) {
  if (!provider) return next();
  const tracer = trace.getTracer(TRACER);
  const route = routePattern(req.url, 200);
  return tracer.startActiveSpan(
    `${req.method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method ?? "GET", "http.route": route } },
    (span) => {
      res.once("close", () => {
        span.setAttribute("http.response.status_code", res.statusCode);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      return next();
    },
  );
}

function traceDatabaseQueries() {
  const original = pg.Client.prototype.query;
  if (original.arenaTraced) return;
  const tracer = trace.getTracer(TRACER);
  function tracedQuery(...args) {
    const [config] = args;
    // only inside a trace, and not COPY streams (submittables end on their own schedule)
    if (!trace.getSpan(context.active()) || typeof config?.submit === "function") return original.apply(this, args);
    const text = typeof config === "string" ? config : config?.text;
    const span = tracer.startSpan("pg.query", {
      kind: SpanKind.CLIENT,
      attributes: { "db.system.name": "postgresql", "db.query.text": String(text ?? "").slice(0, 500) },
    });
    const end = (error) => {
      if (error) {
        span.recordException(error);
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    const at = args.findIndex((a) => typeof a === "function");
    if (at >= 0) {
      const callback = args[at];
      args[at] = function (error, ...rest) {
        end(error);
        return callback.call(this, error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof result.then === "function") result.then(() => end(), end);
    else end();
    return result;
  }
  tracedQuery.arenaTraced = true;
  pg.Client.prototype.query = tracedQuery;
}
