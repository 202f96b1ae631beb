import { describe, expect, it } from 'vitest';
import { STAGE } from '@app/shared/deal-stages';
import { createStageMap } from './stage-map';

const map = createStageMap({
  dealPipelineId: '77',
  ticketPipelineId: '0',
  deals: { [STAGE.CLEAN_REQUESTED]: '900001', [STAGE.CLEANING_SCHEDULED]: '900007' },
  tickets: { '1': '1', '4': '4', '1613485805': '900101' },
  closedTicketStages: ['4', '900101', '900199'],
});

describe('stage map', () => {
  it('sends the account’s ids and stores the product’s keys', () => {
    expect(map.dealStageId(STAGE.CLEAN_REQUESTED)).toBe('900001');
    expect(map.dealStageKey('900007')).toBe(STAGE.CLEANING_SCHEDULED);
    expect(map.ticketStageKey('900101')).toBe('1613485805');
  });

  it('keeps an unknown deal stage as it is (the portal shows Unknown Stage) and files an unmapped closed ticket stage as Closed', () => {
    expect(map.dealStageKey('123')).toBe('123');
    expect(map.ticketStageKey('900199')).toBe('4');
    expect(map.ticketStageKey('2')).toBe('2');
  });

  it('refuses to send a stage the account does not have', () => {
    expect(() => map.dealStageId(STAGE.CANCELED)).toThrow(/crm:setup/);
  });
});
