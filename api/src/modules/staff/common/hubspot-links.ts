/** HubSpot's object type ids in record URLs. */
const OBJECT_TYPE = { contact: '0-1', company: '0-2', deal: '0-3', ticket: '0-5' } as const;

/**
 * Links to records in the HubSpot app. They need the account's id (HUBSPOT_ACCOUNT_ID, "Hub
 * ID" in HubSpot's account menu); without it, or for a record not synced yet, there is no link.
 */
export function hubspotLinks(accountId: string | null) {
  return (type: keyof typeof OBJECT_TYPE, hubspotId: string | null): string | null =>
    accountId && hubspotId ? `https://app.hubspot.com/contacts/${accountId}/record/${OBJECT_TYPE[type]}/${encodeURIComponent(hubspotId)}` : null;
}
export type HubspotLinks = ReturnType<typeof hubspotLinks>;
