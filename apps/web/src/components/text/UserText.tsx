import type { ReactNode } from 'react';

/** Numbers, signs and separators only (a phone number, an amount, a code like "+1 555"): always left to right. */
const NUMBER_LIKE = /^[+\d\s().\-/:,#*%]+$/;

/**
 * The direction of a piece of user text: numbers left to right ("+15550000001", never
 * "15550000001+" in Arabic), anything else by its first strong letter. `dir="auto"` alone is not
 * enough for a number: with no letter in it, it takes the page's direction.
 */
export function dirOf(text: string | null | undefined): 'ltr' | 'auto' {
  return text && NUMBER_LIKE.test(text.trim()) ? 'ltr' : 'auto';
}

/**
 * Text a person wrote (a subject, a name, a phone number), isolated from the interface around it
 * so "{{first_name|Hello}}, your offer is here" keeps its order inside an Arabic page.
 */
export function UserText({ children, testId }: { children: string | null | undefined; testId?: string }): ReactNode {
  if (!children) return null;
  return (
    <bdi dir={dirOf(children)} data-testid={testId}>
      {children}
    </bdi>
  );
}
