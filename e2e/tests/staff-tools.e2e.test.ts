import { randomBytes } from 'node:crypto';
import { COMPANY } from '@app/runtime/company';
import { STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { INVITE_PHONE_MISMATCH, INVITE_QUEUED, INVITE_WHO_REQUIRED, OWNER_ASSIGNMENT_QUEUED, SEARCH_TOO_SHORT } from '@app/shared/staff-admin';
import { portalInviteSms } from '@app/shared/texts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone } from '../src/unique-phone';
import { appUrl } from '../src/app-url';
import { axeViolations } from '../src/axe';
import { launchBrowser, type BrowserSession } from '../src/browser';
import { waitForApp, withCookieConsent } from '../src/consent';
import { errorOf } from '../src/form-errors';
import { crmObjects, eventually } from '../src/hubspot-emulator';
import { createPortalCustomer, crmStages, easternAt } from '../src/portal-customer';
import { signInAsStaff, signInStaffMember } from '../src/staff-session';
import { signInToPortal } from '../src/portal-login';
import { waitForText } from '../src/sent-texts';
import { useBrowserPage } from '../src/use-browser-page';
import { DEV_STAFF_IDENTITY } from '@app/emulators/oidc/provider';

const hex = () => randomBytes(3).toString('hex');

const shownEastern = (at: Date) => `${formatEastern(at)} ET`;

/** Opens a staff tool the way staff do: signed in (as `email`, default a new staff member), then the staff navigation. */
async function openTool(page: Page, navLabel: string, heading: string, email?: string): Promise<void> {
  await withCookieConsent(page);
  if (email) await signInStaffMember(page, email);
  else await signInAsStaff(page, 'tools');
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'Staff tools' }).getByRole('link', { name: navLabel, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

describe('staff tools', () => {
  const browser = useBrowserPage();
  // Somebody else's browser: the customer who signs in to the portal, a visitor of the Careers page.
  let other: BrowserSession;

  beforeAll(async () => {
    other = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
  });

  it('looks a customer up and shows their context, then invites them to the portal', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('lookup');
    const scheduledAt = easternAt(9, 14, 30);
    await customer.crm.createDeal(
      { dealname: `Lookup deal ${hex()}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), service_type: 'Deep Clean', scheduled_date: scheduledAt.toISOString(), hubspot_owner_id: '102' },
      customer.hubspotContactId,
    );
    await openTool(page, 'Customers', 'Customer Lookup');

    // Fewer than 2 characters: the server's rule, with its message, before any request.
    const search = page.getByLabel('Name, e-mail or phone');
    await search.fill('r');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(await errorOf(search)).toBe(SEARCH_TOO_SHORT);

    await search.fill(customer.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('list', { name: 'Customers found' });
    await results.getByRole('button').first().waitFor();
    expect(await results.getByRole('button').count()).toBe(1);
    await results.getByRole('button').first().click();

    // The context of §3: the facts, the deals (the one scheduled in HubSpot once the pull brought it in), empty lists said so.
    const context = page.getByRole('article', { name: 'Riley Portal' });
    await context.waitFor();
    // The customer's own facts come first; the home and company cards, loaded after, have lists of their own.
    const facts = await context.locator('dl.context-facts').first().innerText();
    const shownPhone = `(${customer.phoneDigits.slice(0, 3)}) ${customer.phoneDigits.slice(3, 6)}-${customer.phoneDigits.slice(6)}`;
    for (const text of [customer.email, shownPhone, customer.hubspotContactId]) expect(facts).toContain(text);
    const deals = context.getByRole('region', { name: 'Deals' });
    await deals.getByRole('cell', { name: 'Clean Requested', exact: true }).waitFor();
    for (const empty of ['No tasks.', 'No subscriptions.', 'No activities.', 'No notes.']) {
      expect(await context.getByText(empty, { exact: true }).isVisible()).toBe(true);
    }
    // Meanwhile the office logs a note and a task on the customer in HubSpot, and links their company.
    const taskDue = easternAt(2, 11, 0);
    const on = [{ type: 'contacts', id: customer.hubspotContactId }];
    await customer.crm.createRecord('notes', { hs_note_body: '<p>Gate code 4411 &amp; a friendly dog</p>', hs_timestamp: new Date().toISOString() }, on);
    await customer.crm.createRecord('tasks', { hs_task_subject: 'Confirm key drop-off', hs_task_status: 'NOT_STARTED', hs_task_priority: 'HIGH', hs_timestamp: taskDue.toISOString() }, on);
    const companyName = `Riley Dental ${hex()}`;
    await customer.crm.createRecord('companies', { name: companyName, domain: `${hex()}.example`, industry: 'MEDICAL_PRACTICE' }, on);

    // All of it reaches our mirror through the worker's pull; choosing the customer again reloads the context.
    const scheduledRow = deals.getByRole('row').filter({ hasText: shownEastern(scheduledAt) });
    const companyCard = context.getByRole('region', { name: `Company: ${companyName}` });
    const task = context.getByRole('region', { name: 'Tasks' }).getByRole('listitem');
    const note = context.getByRole('region', { name: 'Notes' }).getByRole('listitem');
    // One pull brings them type after type: wait for all of them.
    await expect
      .poll(
        async () => {
          await results.getByRole('button').first().click();
          await context.waitFor();
          return [await scheduledRow.count(), await companyCard.count(), await task.count(), await note.count()];
        },
        { timeout: 40_000, interval: 1_000 },
      )
      .toEqual([1, 1, 1, 1]);
    expect(await task.innerText()).toBe(`Task: Confirm key drop-off due ${shownEastern(taskDue)} · Not started · High priority`);
    expect(await note.innerText()).toContain('Gate code 4411 & a friendly dog');
    expect(await companyCard.locator('dl').innerText()).toContain('Medical practice');
    expect(await scheduledRow.locator('[data-stage]').textContent()).toBe('Cleaning Scheduled');
    expect(await scheduledRow.innerText()).toContain('James Carter');
    expect(await axeViolations(page)).toEqual([]);

    // Invite from the selected customer: stored, and the worker texts them the sign-in link.
    await context.getByRole('button', { name: 'Invite to portal' }).click();
    await context.getByRole('status').getByText(INVITE_QUEUED, { exact: true }).waitFor();
    await waitForText(customer.phone, (body) => body === portalInviteSms(COMPANY.name, appUrl('/login')));
  });

  it('pre-invites a new person: the form shows the server’s messages, then the text lands in the Twilio emulator', { timeout: 120_000 }, async () => {
    const { page, session } = browser;
    const existing = await createPortalCustomer('invite-existing');
    await openTool(page, 'Invites', 'Pre-Invites');
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole('region', { name: 'A new person' });
    const email = form.getByLabel('Email');
    const phone = form.getByLabel('Phone');
    const send = form.getByRole('button', { name: 'Send invitation' });
    await send.click();
    expect(await errorOf(email)).toBe(INVITE_WHO_REQUIRED);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('email');

    // An e-mail of a customer who has another phone number: the server refuses with its own words.
    await email.fill(existing.email);
    await phone.fill('4045550199');
    await send.click();
    await form.getByRole('alert').getByText(INVITE_PHONE_MISMATCH, { exact: true }).waitFor();
    expect(await errorOf(email)).toBe('');
    // Chromium reports the refused answer (409) as a console line; nothing else went wrong.
    const problems = session.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/status of 409.*\/api\/internal\/admin\/invites/);

    const newEmail = `invitee.${hex()}@example.com`;
    const { digits } = await uniquePhone();
    await email.fill(newEmail);
    await phone.fill(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await form.getByLabel('First name (optional)').fill('Noor');
    await form.getByLabel('Last name (optional)').fill('Invitee');
    await send.click();
    await form.getByRole('heading', { name: 'Noor Invitee is invited' }).waitFor();
    expect(await form.getByRole('status').textContent()).toBe(INVITE_QUEUED);
    expect(await axeViolations(page)).toEqual([]);
    await waitForText(`+1${digits}`, (body) => body === portalInviteSms(COMPANY.name, appUrl('/login')));

    // The customer's page lists the text, and Twilio's delivery report reaches it.
    await openTool(page, 'Customers', 'Customer Lookup');
    await page.getByLabel('Name, e-mail or phone').fill(newEmail);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = page.getByRole('list', { name: 'Customers found' }).getByRole('button').first();
    const texts = page.getByRole('article', { name: 'Noor Invitee' }).getByRole('region', { name: 'Texts', exact: true });
    await expect
      .poll(
        async () => {
          await found.click();
          await texts.waitFor();
          return texts.getByRole('listitem').allTextContents();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toEqual([expect.stringMatching(/^Portal invite · .+ · delivered/)]);
  });

  it('revokes a customer’s session: their portal’s next request fails and they end on /login', { timeout: 120_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('revoke');
    const portal = await other.newPage();
    await withCookieConsent(portal);
    await signInToPortal(portal, customer);
    await portal.getByRole('region', { name: 'Your details' }).waitFor();

    // Revoking sessions takes the admin role: outside production, the provider's default staff member.
    await openTool(page, 'Sessions', 'Session Manager', DEV_STAFF_IDENTITY.email);
    const row = page.getByRole('row').filter({ hasText: customer.email });
    await row.waitFor();
    // The customer's browser's address, as the trusted front reports it.
    expect(await row.innerText()).toContain(other.clientAddress);
    expect(await axeViolations(page)).toEqual([]);

    // Revoke asks once more; "Keep" changes nothing.
    await row.getByRole('button', { name: /^Revoke/ }).click();
    await row.getByRole('button', { name: 'Keep' }).click();
    await row.getByRole('button', { name: /^Revoke/ }).click();
    const confirm = row.getByRole('group', { name: /Confirm revoking/ });
    expect(await confirm.textContent()).toContain('Sign Riley Portal out?');
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
    await page.getByRole('status').getByText('Riley Portal is signed out', { exact: false }).waitFor();
    await row.waitFor({ state: 'detached' });

    // The portal polls every 15 s: its next request answers 401 and the page goes to /login.
    await portal.waitForURL(appUrl('/login'), { timeout: 30_000 });
    await portal.getByRole('heading', { level: 1, name: 'Customer Login' }).waitFor();
    await portal.close();
    // The expected console lines: Chromium reports the 401s of the signed-out session's requests.
    const problems = other.takeProblems();
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.filter((p) => !(p.includes('status of 401') && /\/api\/(portal|hubspot\/portal|auth)\//.test(p)))).toEqual([]);
  });

  it('assigns a cleaner in the roster; the worker sets hubspot_owner_id on the HubSpot deal, and unassigns', { timeout: 150_000 }, async () => {
    const { page } = browser;
    const customer = await createPortalCustomer('roster');
    const street = `${hex()} Roster Way`;
    const at = easternAt(11, 10, 15);
    const deal = await customer.crm.createDeal(
      { dealname: `Roster deal ${street}`, pipeline: crmStages().dealPipelineId, dealstage: crmStages().dealStageId(STAGE.CLEANING_SCHEDULED), service_type: 'Deep Clean', service_address: street, scheduled_date: at.toISOString() },
      customer.hubspotContactId,
    );
    await openTool(page, 'Roster', 'Cleaner Roster');
    const cleaners = page.getByRole('list', { name: 'Cleaners' });
    await cleaners.getByRole('heading', { name: 'Aisha Johnson' }).waitFor();

    // The cleaning arrives with the worker's pull; the page asks again every 15 s.
    const select = page.getByRole('combobox', { name: `Cleaner for Deep Clean @ ${street}, ${shownEastern(at)}` });
    await select.waitFor({ timeout: 45_000 });
    expect(await select.inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);

    const aisha = await select.locator('option', { hasText: 'Aisha Johnson' }).getAttribute('value');
    await select.selectOption({ label: 'Aisha Johnson' });
    const row = page.getByRole('row').filter({ has: select });
    await row.getByRole('status').getByText(OWNER_ASSIGNMENT_QUEUED, { exact: true }).waitFor();
    await expect.poll(() => select.inputValue(), { timeout: 20_000 }).toBe(aisha);
    await eventually(
      async () => (await crmObjects('deals')).find((d) => d.id === deal.id)?.properties.hubspot_owner_id,
      (owner) => owner === '103',
    );

    await select.selectOption({ label: 'Unassigned' });
    await expect.poll(() => select.inputValue(), { timeout: 20_000 }).toBe('');
    await eventually(
      async () => (await crmObjects('deals')).find((d) => d.id === deal.id)?.properties.hubspot_owner_id,
      (owner) => !owner,
    );
  });

  it('Team Management: the form names each missing field, and editing a hidden member keeps them hidden', { timeout: 60_000 }, async () => {
    const { page } = browser;
    await openTool(page, 'Team', 'Team Management');
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: 'New team member' });
    await form.getByLabel('Order on the page').fill('');
    await form.getByRole('button', { name: 'Add team member' }).click();
    expect(await errorOf(form.getByLabel('Name'))).toBe('Please enter a name.');
    expect(await errorOf(form.getByLabel('Role'))).toBe('Please enter a role.');
    expect(await errorOf(form.getByLabel('Bio'))).toBe('Please enter a short bio.');
    expect(await errorOf(form.getByLabel('Order on the page'))).toBe('Please enter a whole number between -1000 and 1000.');
    await expect.poll(() => form.getByLabel('Name').evaluate((el) => el === document.activeElement)).toBe(true);

    // A seeded placeholder, hidden from the Team page: an edit changes its text, not whether it shows.
    const row = page.getByRole('row').filter({ hasText: 'Customer Care Specialist' });
    await row.getByRole('button', { name: 'Edit Coming soon, Customer Care Specialist' }).click();
    const edit = page.getByRole('form', { name: 'Edit Coming soon' });
    expect(await edit.getByLabel('Bio').inputValue()).toBe('We are hiring: this could be you.');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: 'Edit “Coming soon”' }).evaluate((el) => el === document.activeElement)).toBe(true);
    const bio = `We are hiring for customer care (${hex()}).`;
    await edit.getByLabel('Bio').fill(bio);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Saved “Coming soon”.', { exact: true }).waitFor();
    expect(await row.locator('[data-enabled]').textContent()).toBe('Hidden');
    // The form is a new one again.
    await page.getByRole('form', { name: 'New team member' }).waitFor();
    expect(await page.getByRole('form', { name: 'New team member' }).getByLabel('Order on the page').inputValue()).toBe('0');
  });

  it('creates a career listing, edits it, sees it on the public Careers page, then closes it', { timeout: 90_000 }, async () => {
    const { page } = browser;
    const title = `Window Specialist ${hex()}`;
    await openTool(page, 'Careers', 'Careers Management');
    expect(await axeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: 'New listing' });
    await form.getByRole('button', { name: 'Add listing' }).click();
    expect(await errorOf(form.getByLabel('Title'))).toBe('Please enter a title.');
    expect(await errorOf(form.getByLabel('Description'))).toBe('Please enter a description.');

    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Location').fill('Decatur, GA');
    await form.getByLabel('Employment type').fill('Part-time');
    await form.getByLabel('Icon').selectOption('Truck');
    await form.getByLabel('Description').fill('Streak-free windows, inside and out, for homes across the metro.');
    await form.getByRole('button', { name: 'Add listing' }).click();
    await page.getByRole('status').getByText(`Added “${title}”. It shows on the Careers page.`, { exact: true }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    expect(await row.locator('[data-status]').textContent()).toBe('Open');

    // Edit: the form takes the listing's values; the change shows in the list.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${title}` });
    expect(await edit.getByLabel('Location').inputValue()).toBe('Decatur, GA');
    await edit.getByLabel('Location').fill('Atlanta metro');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText(`Saved “${title}”.`, { exact: true }).waitFor();
    await row.getByRole('cell', { name: 'Atlanta metro', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A visitor sees it on the public Careers page.
    const visitor = await other.newPage();
    await withCookieConsent(visitor);
    await visitor.goto(appUrl('/careers'));
    const card = visitor.locator('li.career').filter({ has: visitor.getByRole('heading', { name: title }) });
    await card.waitFor();
    expect(await card.locator('.career__meta').innerText()).toMatch(/Open\s+Part-time\s+Atlanta metro/);
    await visitor.close();
    expect(other.takeProblems()).toEqual([]);

    // Closed: the list says so, and the Careers page shows it as closed (read fresh, in this browser).
    await row.getByRole('button', { name: `Close ${title}` }).click();
    await page.getByRole('status').getByText(`Closed “${title}”.`, { exact: true }).waitFor();
    await expect.poll(() => row.locator('[data-status]').textContent()).toBe('Closed');
    await page.goto(appUrl('/careers'));
    const closed = page.locator('li.career').filter({ has: page.getByRole('heading', { name: title }) });
    await closed.waitFor();
    expect(await closed.locator('.career__meta .tag').textContent()).toBe('Closed');
    expect(await closed.getByRole('link', { name: /Apply by e-mail/ }).count()).toBe(0);
  });
});
