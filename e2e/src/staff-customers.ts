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
