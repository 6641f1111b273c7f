import { domainError } from "../errors";
/** A mistake in how the command was called: printed as one line, exit status 2. */
export class UsageError extends domainError("usage", "usage") {}
