import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { CHECKLIST_FAMILIES, CHECKLIST_ITEM_UNKNOWN, CHECKLIST_REASON_NEEDED, CHECKLISTS, checklistFamily, visitChecklist, visitDoneSchema } from './cleaning-checklists';
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

describe("a visit's own checklist: the service, its paid add-ons, the rooms listed", () => {
  it("starts from the service's items, in order, each of the group service", () => {
    const { family, label, items } = visitChecklist({ serviceType: 'deep-2000' });
    expect([family, label]).toEqual(['deep', 'Deep clean']);
    expect(items).toEqual(CHECKLISTS.deep.items.map((i) => ({ ...i, group: 'service' })));
  });

  it('adds one item per paid add-on of the deal, in its order, once each, and none for the service or an unknown sku', () => {
    const { items } = visitChecklist({ serviceType: 'basic-1500', skus: ['basic-1500', 'addon-oven', 'addon-refrigerator', 'addon-oven', 'not-a-product', 'addon-pet-hair-surcharge'] });
    expect(items.filter((i) => i.group === 'add-on')).toEqual([
      { id: 'addon-oven', label: 'Inside the oven', group: 'add-on' },
      { id: 'addon-refrigerator', label: 'Inside the fridge', group: 'add-on' },
      { id: 'addon-pet-hair-surcharge', label: 'Pet hair removed', group: 'add-on' },
    ]);
    expect(items.slice(0, CHECKLISTS.basic.items.length).map((i) => i.id)).toEqual(CHECKLISTS.basic.items.map((i) => i.id));
  });

  it('adds the rooms the customer listed, counted rooms with how many, after the add-ons', () => {
    const rooms = { kitchen: true, livingRoom: true, garage: true, bathroomCount: 2, mainLevelBedrooms: 1, topLevelBedrooms: 2, otherRooms: 1 };
    const { items } = visitChecklist({ serviceType: 'Deep Clean', skus: ['addon-microwave'], rooms });
    expect(items.slice(CHECKLISTS.deep.items.length)).toEqual([
      { id: 'addon-microwave', label: 'Inside the microwave', group: 'add-on' },
      { id: 'room-kitchen', label: 'Kitchen', group: 'room' },
      { id: 'room-livingRoom', label: 'Living room', group: 'room' },
      { id: 'room-garage', label: 'Garage', group: 'room' },
      { id: 'room-bathrooms', label: 'Bathrooms (2)', group: 'room' },
      { id: 'room-bedrooms', label: 'Bedrooms (3)', group: 'room' },
      { id: 'room-other', label: 'Other room', group: 'room' },
    ]);
    const ids = items.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists no rooms when none were listed or they cannot be read', () => {
    for (const rooms of [undefined, null, {}, { kitchen: 'yes' }, 'kitchen']) {
      expect(visitChecklist({ serviceType: 'move-2000', rooms }).items.filter((i) => i.group === 'room'), JSON.stringify(rooms)).toEqual([]);
    }
  });

  it("checks Done against the visit's items and the ticks saved as the cleaner went: only the unticked need a reason", () => {
    const { items } = visitChecklist({ serviceType: 'basic-1500', skus: ['addon-oven'] });
    const saved = items.filter((i) => i.id !== 'addon-oven').map((i) => i.id);
    const schema = visitDoneSchema(items, saved);
    expect(schema.safeParse({}).error!.issues).toMatchObject([{ path: ['checklist', 'addon-oven'], message: CHECKLIST_REASON_NEEDED }]);
    expect(schema.parse({ checklist: { 'addon-oven': { ticked: false, reason: 'Self-cleaning was on' } } }).checklist).toEqual({
      ...Object.fromEntries(saved.map((id) => [id, true])),
      'addon-oven': 'Self-cleaning was on',
    });
    // Ticked in the body at Done counts as well; a saved tick needs no answer in the body.
    expect(schema.parse({ checklist: { 'addon-oven': { ticked: true } } }).checklist['addon-oven']).toBe(true);
    expect(visitDoneSchema(items, items.map((i) => i.id)).parse({}).checklist).toEqual(Object.fromEntries(items.map((i) => [i.id, true])));
  });
});
