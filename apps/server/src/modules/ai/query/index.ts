/**
 * The assistant's typed question about the account's data — one front door for the built-in
 * parser and the model's `query_account` tool: run a question, say it in words, read the catalogue
 * (what each entity allows, in both languages) and the account's own names for the lexicon.
 */
export { QUERY_CATALOGUE } from './catalogue.ts';
export { QueryError } from './check.ts';
export { describeQuestion, keyLabel, valueWords } from './describe.ts';
export { resolvePeriod } from './periods.ts';
export { GROUP_MAX, LIST_MAX, runQuestion, STATEMENT_TIMEOUT_MS } from './run.ts';
export { scopeFor } from './scope.ts';
export type { EntityDef, FieldDef, FieldType, Lang, QueryCatalogue, QueryScope, Vocabulary, Words } from './types.ts';
export { accountVocabulary, VOCABULARY_LIMIT } from './vocabulary.ts';
