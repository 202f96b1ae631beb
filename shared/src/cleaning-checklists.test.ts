import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { CHECKLIST_FAMILIES, CHECKLIST_ITEM_UNKNOWN, CHECKLIST_REASON_NEEDED, CHECKLISTS, checklistFamily, visitDoneSchema } from './cleaning-checklists';
import { SERVICE_FAMILY_NAMES } from './services';

const ticked = (family: keyof typeof CHECKLISTS) => Object.fromEntries(CHECKLISTS[family].items.map((i) => [i.id, { ticked: true }]));

describe('checklists', () => {
  it('has one per family, each with unique stable ids and short labels', () => {
    for (const family of CHECKLIST_FAMILIES) {
      const ids = CHECKLISTS[family].items.map((i) => i.id);
      expect(new Set(ids).size, family).toBe(ids.length);
      for (const item of CHECKLISTS[family].items) {
        expect(item.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(item.label.length).toBeLessThanOrEqual(40);
      }
    }
    expect(CHECKLISTS.basic.items.map((i) => i.id)).toEqual(['kitchen-surfaces', 'kitchen-appliances', 'bathrooms', 'dusting', 'floors', 'trash']);
  });

  it('finds the family of every catalogue service and every booking-form family name', () => {
    const services = CATALOGUE.filter((p) => p.type !== 'Add On');
    const families = Object.fromEntries(services.map((p) => [p.id, checklistFamily(p.id)]));
    expect(families).toMatchObject({ 'basic-1000': 'basic', 'recurring-basic-1500': 'basic', 'deep-2000': 'deep', 'recurring-deep-1000': 'deep', 'move-2000': 'move', 'move-refresh-2001': 'move', 'organization-hourly': 'organization' });
    expect(SERVICE_FAMILY_NAMES.map(checklistFamily)).toEqual(['basic', 'deep', 'basic', 'move']);
    expect(checklistFamily(null)).toBe('basic');
    expect(checklistFamily('Something the office typed')).toBe('basic');
  });
});

describe('the done payload', () => {
  const schema = visitDoneSchema('basic');

  it('keeps ticked items as true and unticked ones with their reason, trimmed', () => {
    const checklist = { ...ticked('basic'), trash: { ticked: false, reason: '  No bags under the sink  ' } };
    expect(schema.parse({ checklist })).toEqual({
      checklist: { 'kitchen-surfaces': true, 'kitchen-appliances': true, bathrooms: true, dusting: true, floors: true, trash: 'No bags under the sink' },
    });
    // A reason given with a ticked item is not kept.
    expect(schema.parse({ checklist: { ...ticked('basic'), floors: { ticked: true, reason: 'wet' } } }).checklist.floors).toBe(true);
  });

  it('refuses an unticked item without a reason of 3 to 200 characters, naming checklist.<itemId>', () => {
    for (const reason of [undefined, '', '  ', 'ab', 'x'.repeat(201)]) {
      const result = schema.safeParse({ checklist: { ...ticked('basic'), floors: { ticked: false, ...(reason === undefined ? {} : { reason }) } } });
      expect(result.success, String(reason)).toBe(false);
      expect(result.error!.issues[0]).toMatchObject({ path: ['checklist', 'floors'], message: CHECKLIST_REASON_NEEDED });
    }
    expect(schema.safeParse({ checklist: { ...ticked('basic'), floors: { ticked: false, reason: 'abc' } } }).success).toBe(true);
    expect(schema.safeParse({ checklist: { ...ticked('basic'), floors: { ticked: false, reason: 'x'.repeat(200) } } }).success).toBe(true);
  });

  it('refuses a missing item, an item of another checklist and a stray field', () => {
    const { trash: _left, ...missing } = ticked('basic');
    expect(schema.safeParse({ checklist: missing }).error!.issues[0]).toMatchObject({ path: ['checklist', 'trash'], message: CHECKLIST_REASON_NEEDED });
    expect(schema.safeParse({ checklist: { ...ticked('basic'), baseboards: { ticked: true } } }).error!.issues[0]).toMatchObject({
      path: ['checklist', 'baseboards'],
      message: CHECKLIST_ITEM_UNKNOWN,
    });
    expect(schema.safeParse({ checklist: ticked('basic'), photos: [] }).success).toBe(false);
    expect(visitDoneSchema('deep').safeParse({ checklist: ticked('basic') }).success).toBe(false);
    expect(visitDoneSchema('deep').safeParse({ checklist: ticked('deep') }).success).toBe(true);
  });
});
