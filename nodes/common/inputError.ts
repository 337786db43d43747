/**
 * Bad input: what the user gave cannot be sent (a malformed path, an impossible date, XML that does
 * not parse, a schedule that cannot exist). Every such error extends `InputError`, wherever it is
 * thrown (a `plan`, a field reader, a builder without a node context); the executor turns it into a
 * NodeOperationError for the item once (`toNodeError` in executor.ts), so no operation rewraps it.
 * Where a node context is at hand, throwing NodeOperationError directly is just as good.
 */
export class InputError extends Error {}
