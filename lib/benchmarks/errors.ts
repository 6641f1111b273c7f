// The one error of lib/benchmarks: a benchmark file, record or request that cannot be used as given. Its message is
// one line naming the file, the record and the field.
import { domainError } from "../errors";

export class BenchmarkDataError extends domainError("invalid", "invalid_benchmark_data") {}
