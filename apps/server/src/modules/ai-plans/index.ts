/**
 * AI campaign plans: computed from the account's data (segments with live counts,
 * channels, send times, messages, A/B, the launcher's estimate, expected ranges), phrased by the
 * built-in engine or a model, approved by a person and applied as launcher drafts. No other module
 * uses it: its HTTP routes are mounted by the routes table (routes.ts imports its *.routes.ts).
 */
export {};
