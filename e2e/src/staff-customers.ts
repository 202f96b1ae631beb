import type { Locator, Page } from 'playwright-core';

/** A customer's page in the staff area, opened as staff do: Customers, their e-mail searched, the one found chosen. */
export async function openStaffCustomer(page: Page, email: string, name: string): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: 'Customers', exact: true }).click();
  await page.getByLabel('Name, e-mail or phone').fill(email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('list', { name: 'Customers found' }).getByRole('button').first().click();
  const context = page.getByRole('article', { name });
  await context.waitFor();
  return context;
}

/**
 * Sends the customer page's "Book a cleaning" form past the schedule's warnings (another file's
 * cleaning may keep that cleaner busy then, so the office books anyway), once "Booked:" shows.
 * Resolves with the new cleaning's deal id.
 */
export async function bookPastWarnings(page: Page, form: Locator): Promise<string> {
  await form.getByRole('button', { name: 'Book the cleaning' }).click();
  const booked = page.getByRole('heading', { name: /^Booked:/ });
  const anyway = form.getByRole('button', { name: 'Book anyway' });
  await booked.or(anyway).waitFor();
  if (await anyway.isVisible()) await anyway.click();
  await booked.waitFor();
  return (await page.locator('[data-office-booked]').getAttribute('data-office-booked')) ?? '';
}
