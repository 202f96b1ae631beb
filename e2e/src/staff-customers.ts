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

/**
 * A phone call, on the customer's page (`context`, as openStaffCustomer found it): a weekly basic
 * Recurring Clean of a 1001-1500 sq ft home on `day` at `time` Eastern, with the cleaner named
 * (else the first listed) and `addOns` ticked, booked past the warnings. Resolves with its deal id.
 */
export async function bookWeeklyRecurring(page: Page, context: Locator, o: { day: string; time: string; cleaner?: string; addOns?: readonly RegExp[] }): Promise<string> {
  await context.getByRole('region', { name: 'Summary' }).getByRole('button', { name: 'Book a cleaning' }).click();
  const form = page.getByRole('form', { name: 'Book a cleaning' });
  await form.getByLabel('Service').selectOption('Recurring Clean');
  await form.getByLabel('Home size (sq ft)').selectOption({ label: '1001-1500' });
  await form.getByRole('radio', { name: 'Basic visit' }).check();
  await form.getByRole('radio', { name: 'Weekly', exact: true }).check();
  for (const addOn of o.addOns ?? []) await form.getByRole('checkbox', { name: addOn }).check();
  await form.getByLabel('Date', { exact: true }).fill(o.day);
  await form.getByLabel('Start time (Eastern)').fill(o.time);
  await form.getByLabel('Cleaner').selectOption(o.cleaner ? { label: o.cleaner } : { index: 1 });
  return bookPastWarnings(page, form);
}
