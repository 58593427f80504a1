import type { Page } from '@playwright/test';

const POSITION = { column: 0, all: 1, none: 2 } as const;

/** Answers the import's consent question for each channel (in any language), as a user clicks it. */
export async function chooseConsent(page: Page, sources: Partial<Record<'email' | 'sms' | 'whatsapp', keyof typeof POSITION>> = {}) {
  for (const ch of ['email', 'sms', 'whatsapp'] as const) {
    await page
      .getByTestId(`import-consent-${ch}`)
      .locator('label')
      .nth(POSITION[sources[ch] ?? 'none'])
      .click();
  }
}
