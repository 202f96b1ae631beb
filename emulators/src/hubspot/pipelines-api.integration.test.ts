import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { failure, startTestEmulator, type TestEmulator } from './test-kit';

let t: TestEmulator;
beforeAll(async () => {
  t = await startTestEmulator({ blank: true });
});
afterAll(() => t.emulator.close());
beforeEach(() => t.emulator.reset());

const pipelines = () => t.hubspot.crm.pipelines;

describe('HubSpot emulator: pipelines API (blank account)', () => {
  it("has HubSpot's default Sales Pipeline and Support Pipeline", async () => {
    const deals = await pipelines().pipelinesApi.getAll('deals');
    expect(deals.results.map((p) => ({ id: p.id, label: p.label }))).toEqual([{ id: 'default', label: 'Sales Pipeline' }]);
    expect(deals.results[0]?.stages.map((s) => [s.id, s.label, s.metadata?.probability])).toEqual([
      ['appointmentscheduled', 'Appointment Scheduled', '0.2'],
      ['qualifiedtobuy', 'Qualified To Buy', '0.4'],
      ['presentationscheduled', 'Presentation Scheduled', '0.6'],
      ['decisionmakerboughtin', 'Decision Maker Bought-In', '0.8'],
      ['contractsent', 'Contract Sent', '0.9'],
      ['closedwon', 'Closed Won', '1.0'],
      ['closedlost', 'Closed Lost', '0.0'],
    ]);
    const tickets = await pipelines().pipelinesApi.getById('tickets', '0');
    expect(tickets.label).toBe('Support Pipeline');
    expect(tickets.stages.map((s) => [s.id, s.label, s.metadata?.ticketState])).toEqual([
      ['1', 'New', 'OPEN'],
      ['2', 'Waiting on contact', 'OPEN'],
      ['3', 'Waiting on us', 'OPEN'],
      ['4', 'Closed', 'CLOSED'],
    ]);
  });

  it('adds stages with new numeric ids, requires their metadata, refuses a label already in the pipeline', async () => {
    const stage = await pipelines().pipelineStagesApi.create('deals', 'default', { label: 'Clean Requested', displayOrder: 7, metadata: { probability: '0.1' } });
    expect(Number(stage.id)).toBeGreaterThanOrEqual(1_700_000_000);
    expect(stage.metadata).toMatchObject({ probability: '0.1', isClosed: 'false' });
    const next = await pipelines().pipelineStagesApi.create('deals', 'default', { label: 'Canceled', displayOrder: 8, metadata: { probability: '0' } });
    expect(Number(next.id)).toBeGreaterThan(Number(stage.id));
    expect(next.metadata?.isClosed).toBe('true');

    expect(await failure(pipelines().pipelineStagesApi.create('deals', 'default', { label: 'No probability', displayOrder: 9, metadata: {} }))).toMatchObject({ code: 400 });
    expect(await failure(pipelines().pipelineStagesApi.create('deals', 'default', { label: 'clean requested', displayOrder: 9, metadata: { probability: '0.5' } }))).toMatchObject({ code: 400 });
    expect(await failure(pipelines().pipelineStagesApi.create('tickets', '0', { label: 'Done', displayOrder: 4, metadata: { ticketState: 'DONE' } }))).toMatchObject({ code: 400 });
    const ticketStage = await pipelines().pipelineStagesApi.create('tickets', '0', { label: 'Request Completed', displayOrder: 4, metadata: { ticketState: 'CLOSED' } });
    expect(ticketStage.metadata).toMatchObject({ ticketState: 'CLOSED', isClosed: 'true' });
    expect(await failure(pipelines().pipelineStagesApi.create('deals', 'nope', { label: 'X', displayOrder: 0, metadata: { probability: '0.5' } }))).toMatchObject({ code: 404 });

    // The new stage is a valid dealstage at once; an unknown one is not.
    await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'a', dealstage: stage.id }, associations: [] });
    expect(await failure(t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'b', dealstage: '1606828760' }, associations: [] }))).toMatchObject({ code: 400 });
  });

  it('renames a stage and changes its metadata with PATCH; creates a pipeline with its stages', async () => {
    const patched = await pipelines().pipelineStagesApi.update('deals', 'default', 'contractsent', { label: 'Quote sent', metadata: { probability: '0.7' } });
    expect(patched).toMatchObject({ id: 'contractsent', label: 'Quote sent', metadata: { probability: '0.7', isClosed: 'false' } });
    expect(await failure(pipelines().pipelineStagesApi.update('deals', 'default', 'contractsent', { label: 'Closed Won' }))).toMatchObject({ code: 400 });

    const created = await pipelines().pipelinesApi.create('deals', {
      label: 'Commercial',
      displayOrder: 1,
      stages: [
        { label: 'Walkthrough', displayOrder: 0, metadata: { probability: '0.3' } },
        { label: 'Signed', displayOrder: 1, metadata: { probability: '1.0' } },
      ],
    });
    expect(created.id).toMatch(/^\d+$/);
    expect(created.stages.map((s) => s.label)).toEqual(['Walkthrough', 'Signed']);
    const deal = await t.hubspot.crm.deals.basicApi.create({ properties: { dealname: 'office', pipeline: created.id, dealstage: created.stages[0]!.id }, associations: [] });
    // A stage of another pipeline is refused.
    expect(await failure(t.hubspot.crm.deals.basicApi.update(deal.id, { properties: { dealstage: 'closedwon' } }))).toMatchObject({ code: 400 });
    expect(await failure(pipelines().pipelinesApi.create('deals', { label: 'Empty', displayOrder: 2, stages: [] }))).toMatchObject({ code: 400 });
  });
});
