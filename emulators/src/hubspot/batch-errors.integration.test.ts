import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator();
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const dealInput = (key: string, extra: Record<string, string> = {}, traceId?: string) => ({
  properties: { dealname: `Deal ${key}`, dealstage: STAGE.CLEAN_REQUESTED, app_request_id: key, ...extra },
  associations: [],
  ...(traceId ? { objectWriteTraceId: traceId } : {}),
});
/** A batch answer's errors (the SDK types a 201/207 answer as a union, one member without them). */
const errorsOf = (answer: object) => (answer as { errors?: Array<{ category: string; context: Record<string, string[]> }> }).errors;
const dealKeys = () => t.emulator.objects('deals').map((d) => d.properties.app_request_id).sort();

describe('HubSpot emulator: batch writes fail per input like HubSpot', () => {
  it('batch create with a trace id on every input: bad inputs fail alone (207), the others are created', async () => {
    const answer = await t.hubspot.crm.deals.batchApi.create({
      inputs: [dealInput('a', {}, 't-a'), dealInput('b', { time_of_day: 'midnight' }, 't-b'), dealInput('c', { colour: 'red' }, 't-c')],
    });
    expect(answer.results.map((r) => r.properties.app_request_id)).toEqual(['a']);
    expect(answer).toMatchObject({ status: 'COMPLETE', numErrors: 2 });
    expect(errorsOf(answer)).toEqual([
      expect.objectContaining({
        status: 'error',
        category: 'VALIDATION_ERROR',
        message: expect.stringContaining('Property values were not valid'),
        context: { objectWriteTraceId: ['t-b'] },
        errors: [expect.objectContaining({ code: 'INVALID_OPTION', context: { propertyName: ['time_of_day'] } })],
      }),
      expect.objectContaining({ context: { objectWriteTraceId: ['t-c'] }, errors: [expect.objectContaining({ code: 'PROPERTY_DOESNT_EXIST' })] }),
    ]);
    const raw = await t.crm('POST', '/crm/v3/objects/deals/batch/create', { inputs: [dealInput('d', {}, 't-d'), dealInput('e', { amount: 'x' }, 't-e')] });
    expect(raw.status).toBe(207);
    expect(dealKeys()).toEqual(['a', 'd']);
  });

  it('batch create without trace ids: one bad input fails the whole batch with the single error answer, nothing written', async () => {
    const error = await failure(t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a'), dealInput('b', { amount: 'lots' })] }));
    expect(error).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR', errors: [{ code: 'INVALID_NUMBER' }] } });
    expect(dealKeys()).toEqual([]);
    // A duplicate unique value is the 409 of the whole batch.
    await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a')] });
    expect(await failure(t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('z'), dealInput('a')] }))).toMatchObject({ code: 409 });
    expect(dealKeys()).toEqual(['a']);
  });

  it('a duplicate unique value with trace ids fails that input with CONFLICT naming the existing record', async () => {
    const [first] = (await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a')] })).results;
    const answer = await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a', {}, 'x1'), dealInput('b', {}, 'x2'), dealInput('b', {}, 'x3')] });
    expect(answer.results.map((r) => r.properties.app_request_id)).toEqual(['b']);
    const created = answer.results[0]!.id;
    expect(errorsOf(answer)).toEqual([
      expect.objectContaining({ category: 'CONFLICT', message: expect.stringContaining(`Existing ID: ${first!.id}`), context: { existingId: [first!.id], objectWriteTraceId: ['x1'] } }),
      expect.objectContaining({ category: 'CONFLICT', context: { existingId: [created], objectWriteTraceId: ['x3'] } }),
    ]);
  });

  it('batch update and upsert answer 207 with an error per bad input (context names its id) and apply the rest', async () => {
    const [a, b] = (await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a'), dealInput('b')] })).results;
    const updated = await t.hubspot.crm.deals.batchApi.update({
      inputs: [
        { id: a!.id, properties: { dealname: 'renamed' } },
        { id: b!.id, properties: { amount: 'free' } },
        { id: '999999', properties: { dealname: 'ghost' } },
      ],
    });
    expect(updated.results.map((r) => r.id)).toEqual([a!.id]);
    expect(errorsOf(updated)?.map((e) => [e.category, e.context])).toEqual([
      ['VALIDATION_ERROR', { id: [b!.id] }],
      ['OBJECT_NOT_FOUND', { id: ['999999'] }],
    ]);
    expect(t.emulator.objects('deals').find((d) => d.id === a!.id)?.properties.dealname).toBe('renamed');

    const upserted = await t.hubspot.crm.deals.batchApi.upsert({
      inputs: [
        { id: 'a', idProperty: 'app_request_id', properties: { dealname: 'again' } },
        { id: 'c', idProperty: 'app_request_id', properties: { dealname: 'new one', dealstage: STAGE.CLEAN_REQUESTED } },
        { id: 'd', idProperty: 'app_request_id', properties: { dealname: 'bad', dealstage: 'nope' } },
      ],
    });
    expect(upserted.results.map((r) => [r.properties.app_request_id, r._new])).toEqual([
      ['a', false],
      ['c', true],
    ]);
    expect(errorsOf(upserted)).toEqual([expect.objectContaining({ category: 'VALIDATION_ERROR', context: { id: ['d'] } })]);
    expect(dealKeys()).toEqual(['a', 'b', 'c']);
  });

  it('upsert and batch read by idProperty need a unique-value property (400 otherwise); missing ids answer 207', async () => {
    const notUnique = await failure(t.hubspot.crm.deals.batchApi.upsert({ inputs: [{ id: 'deep', idProperty: 'service_type', properties: {} }] }));
    expect(notUnique).toMatchObject({ code: 400, body: { category: 'VALIDATION_ERROR' } });
    const read = await failure(t.hubspot.crm.deals.batchApi.read({ idProperty: 'service_type', inputs: [{ id: 'deep' }], properties: [], propertiesWithHistory: [] }));
    expect(read).toMatchObject({ code: 400 });
    const byEmail = await t.hubspot.crm.contacts.batchApi.upsert({ inputs: [{ id: 'ann@example.com', idProperty: 'email', properties: { firstname: 'Ann' } }] });
    expect(byEmail.results[0]).toMatchObject({ _new: true, properties: { email: 'ann@example.com' } });

    await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a')] });
    const some = await t.hubspot.crm.deals.batchApi.read({ idProperty: 'app_request_id', inputs: [{ id: 'a' }, { id: 'zz' }], properties: ['app_request_id'], propertiesWithHistory: [] });
    expect(some).toMatchObject({ numErrors: 1, errors: [{ category: 'OBJECT_NOT_FOUND', context: { ids: ['zz'] } }] });
    expect(some.results.map((r) => r.properties.app_request_id)).toEqual(['a']);
  });

  it('fault: the next N batch writes fail the inputs whose property has one of the values (207), applying the others', async () => {
    const set = await t.control('POST', '/faults', { type: 'batch-input-failures', count: 1, property: 'app_request_id', values: ['b'], objectType: 'deals' });
    expect(set.json).toMatchObject({ batchInputFailures: [{ property: 'app_request_id', values: ['b'], remaining: 1 }] });
    // Another type, or a batch without a matching input, does not use it up.
    await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('a')] });
    const answer = await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('b'), dealInput('c')] });
    expect(answer.results.map((r) => r.properties.app_request_id)).toEqual(['c']);
    expect(errorsOf(answer)).toEqual([expect.objectContaining({ status: 'error', category: 'VALIDATION_ERROR', message: expect.stringContaining('Injected') })]);
    expect(t.emulator.faults.state().batchInputFailures).toEqual([]);
    await t.hubspot.crm.deals.batchApi.create({ inputs: [dealInput('b')] });
    expect(dealKeys()).toEqual(['a', 'b', 'c']);

    // In process, for upserts by e-mail.
    t.emulator.faults.failBatchInputs({ count: 2, property: 'email', values: ['bad@example.com'], category: 'INTERNAL_ERROR', message: 'boom' });
    const upsert = await t.hubspot.crm.contacts.batchApi.upsert({
      inputs: [
        { id: 'bad@example.com', idProperty: 'email', properties: {} },
        { id: 'good@example.com', idProperty: 'email', properties: {} },
      ],
    });
    expect(upsert.results.map((r) => r.properties.email)).toEqual(['good@example.com']);
    expect(errorsOf(upsert)).toEqual([expect.objectContaining({ category: 'INTERNAL_ERROR', message: 'boom', context: { id: ['bad@example.com'] } })]);
    expect(t.emulator.faults.state().batchInputFailures[0]?.remaining).toBe(1);
  });
});
