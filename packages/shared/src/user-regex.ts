import { RE2JS } from 're2js';

/**
 * Regular expressions written by users (routing rules today) run on RE2 (the `re2js` port), whose
 * matching time is linear in the text: no pattern can backtrack. Linear is not free, though: the
 * time per character grows with the compiled program, so programs are capped too (a counted
 * repeat such as `.{0,1000}` unrolls into thousands of instructions). The form, the API and the
 * router all ask this module, so what is accepted is exactly what runs.
 * Syntax is RE2's: no look-around and no back-references; `\x{0627}` instead of `\u0627`.
 */

/** Characters a pattern may have. */
export const REGEX_MAX_LENGTH = 200;
/**
 * Instructions its program may have: any 200-character literal or word list fits (~200), as do
 * length rules like `.{161,}` (164); `.{0,1000}` (2,000+) does not.
 */
export const REGEX_MAX_INSTRUCTIONS = 300;

export type RegexProblem = 'regexTooLong' | 'regexInvalid' | 'regexUnsupported' | 'regexTooComplex';

export interface UserRegexOptions {
  /** case-insensitive (Unicode simple case folding) */
  ignoreCase?: boolean;
}

type Compiled = { regex: RE2JS } | { problem: RegexProblem };

// Compiled programs by flags and pattern. Bounded (least recently used goes first): each entry
// also keeps its lazily built DFA states, which RE2 caps per program.
const CACHE_SIZE = 256;
const cache = new Map<string, Compiled>();

/** Would JavaScript's engine take it? Then RE2's refusal is a feature it lacks, not a typo. */
function validInJavaScript(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

function compileUncached(pattern: string, ignoreCase: boolean): Compiled {
  if (pattern.length > REGEX_MAX_LENGTH) return { problem: 'regexTooLong' };
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern, ignoreCase ? RE2JS.CASE_INSENSITIVE : 0);
  } catch (err) {
    const reason = (err as { error?: string }).error ?? '';
    // RE2 refuses repeat counts over 1,000 and programs it deems too large: both mean "too big"
    if (/too large|repeat count/.test(reason) && validInJavaScript(pattern)) return { problem: 'regexTooComplex' };
    return { problem: validInJavaScript(pattern) ? 'regexUnsupported' : 'regexInvalid' };
  }
  if (regex.programSize() > REGEX_MAX_INSTRUCTIONS) return { problem: 'regexTooComplex' };
  return { regex };
}

function compiled(pattern: string, ignoreCase: boolean): Compiled {
  const key = `${ignoreCase ? 'i' : '-'}${pattern}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const entry = compileUncached(pattern, ignoreCase);
  cache.set(key, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

/**
 * Why a user's pattern cannot be used, or null when it can: too long, not a regular expression,
 * a feature RE2 lacks (look-ahead, look-behind, back-references), or a program too large.
 * Checked in both case modes, as the router may run it in either.
 */
export function userRegexProblem(pattern: string): RegexProblem | null {
  for (const ignoreCase of [false, true]) {
    const entry = compiled(pattern, ignoreCase);
    if ('problem' in entry) return entry.problem;
  }
  return null;
}

/**
 * Does `pattern` match anywhere in `text`? In linear time; a pattern that has a problem (one
 * stored before the rules changed) never matches.
 */
export function userRegexTest(pattern: string, text: string, options: UserRegexOptions = {}): boolean {
  const entry = compiled(pattern, options.ignoreCase ?? false);
  return 'regex' in entry && entry.regex.test(text);
}
