/**
 * The destination class of an SMS number, which decides the rate of each of its parts (plan fields
 * on_net_rate, of_net_rate, international_rate): a Saudi mobile number on the home operator's
 * network is on-net, any other Saudi number off-net, a number outside Saudi Arabia international.
 * Numbers arrive normalised to E.164 (`+9665…`); the operator is read from the mobile prefix
 * (the digit pairs the regulator assigned to each network; MVNOs ride on their host network, so a
 * Virgin number is on STC's network and a Lebara number on Mobily's).
 */
export type DestinationClass = 'on_net' | 'off_net' | 'international';

export const SAUDI_OPERATORS = ['stc', 'mobily', 'zain'] as const;
export type SaudiOperator = (typeof SAUDI_OPERATORS)[number];

/** National mobile prefixes (after +966) → the network that carries them; longest prefix first. */
export const SAUDI_MOBILE_PREFIXES: readonly [string, SaudiOperator][] = [
  ['50', 'stc'],
  ['53', 'stc'],
  ['55', 'stc'],
  ['570', 'stc'], // Virgin Mobile (on STC)
  ['571', 'stc'],
  ['572', 'stc'],
  ['54', 'mobily'],
  ['56', 'mobily'],
  ['576', 'mobily'], // Lebara (on Mobily)
  ['577', 'mobily'],
  ['578', 'mobily'],
  ['58', 'zain'],
  ['59', 'zain'],
].sort((a, b) => b[0].length - a[0].length) as [string, SaudiOperator][];

/** The Saudi network of a number (E.164, or national `05…`), or null (not Saudi mobile / unknown prefix). */
export function saudiOperatorOf(number: string): SaudiOperator | null {
  const national = saudiNational(number);
  if (national?.length !== 9 || !national.startsWith('5')) return null;
  for (const [prefix, op] of SAUDI_MOBILE_PREFIXES) if (national.startsWith(prefix)) return op;
  return null;
}

/** The national significant number of a Saudi number (`5XXXXXXXX`), or null when it is not Saudi. */
function saudiNational(number: string): string | null {
  const digits = number.replace(/[\s\-().]/g, '');
  if (digits.startsWith('+966')) return digits.slice(4);
  if (digits.startsWith('00966')) return digits.slice(5);
  if (digits.startsWith('966') && digits.length === 12) return digits.slice(3);
  if (digits.startsWith('05') && digits.length === 10) return digits.slice(1);
  return null;
}

/** The class of a destination number relative to the home operator (the network the account's SMS enter). */
export function destinationClass(number: string, homeOperator: SaudiOperator): DestinationClass {
  if (saudiNational(number) === null) return 'international';
  return saudiOperatorOf(number) === homeOperator ? 'on_net' : 'off_net';
}

export interface DestinationRates {
  on_net: number;
  off_net: number;
  international: number;
}

/** What `parts` parts to `number` cost, in minor units (rates are minor units per part). */
export function partsCost(number: string, parts: number, rates: DestinationRates, homeOperator: SaudiOperator): number {
  return parts * rates[destinationClass(number, homeOperator)];
}
