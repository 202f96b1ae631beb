import type { Locator, Page } from 'playwright-core';
import { appUrl } from './app-url';

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

/** Staff open the customer's cleaning from the requests list; resolves with its deal id. */
export async function openFromRequests(page: Page, customer: { email: string }): Promise<string> {
  await page.goto(appUrl(`/admin/requests?q=${encodeURIComponent(customer.email)}`));
  const request = page.getByRole('list', { name: 'Open requests' }).getByRole('listitem').first();
  await request.getByRole('link', { name: 'Open the cleaning' }).click();
  await page.waitForURL(/\/admin\/cleaning\?id=/);
  await page.getByRole('heading', { level: 1, name: 'Cleaning' }).waitFor();
  return new URL(page.url()).searchParams.get('id') ?? '';
}
