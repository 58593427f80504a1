import { expect, type Page } from '@playwright/test';

/**
 * The app's date pickers (components/dates) as a user drives them: open the calendar, turn the
 * months, click the day (each day carries its ISO date in data-day), type the time, press Done.
 */
async function openDay(page: Page, testId: string, day: string) {
  await page.getByTestId(testId).click();
  const target = page.locator(`[data-day="${day}"]:not([data-outside])`);
  for (let i = 0; i < 24 && !(await target.isVisible()); i++) {
    // later months: the "next" control; earlier ones: "previous" (compared on the first visible day)
    const first = await page.locator('[data-day]:not([data-outside])').first().getAttribute('data-day');
    const direction = first && first.slice(0, 7) > day.slice(0, 7) ? 'previous' : 'next';
    await page.locator(`button[data-direction="${direction}"]`).first().click();
  }
  await target.click();
}

/** Picks a calendar day ('YYYY-MM-DD') in a DayInput. */
export async function pickDay(page: Page, testId: string, day: string) {
  await openDay(page, testId, day);
  await expect(page.locator('[data-day]')).toHaveCount(0); // the calendar closed on the pick
}

/** Picks a wall time ('YYYY-MM-DDTHH:mm', in the account's zone) in a ZonedDateTimeInput. */
export async function pickMoment(page: Page, testId: string, local: string) {
  const [day, time] = local.split('T') as [string, string];
  const [hours, minutes] = time.split(':') as [string, string];
  await openDay(page, testId, day);
  await page.getByTestId(`${testId}-hours`).fill(hours);
  await page.getByTestId(`${testId}-minutes`).fill(minutes);
  await page.getByTestId(`${testId}-done`).click();
  await expect(page.getByTestId(testId)).toHaveAttribute('data-value', local);
}
