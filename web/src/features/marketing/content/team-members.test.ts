import { describe, expect, it } from 'vitest';
import { TEAM_MEMBERS, visibleTeamMembers } from './team-members';

describe('team members', () => {
  it('shows the owner, the lead technician and the move partner, and hides disabled placeholder roles', () => {
    expect(visibleTeamMembers().map((m) => m.kind)).toEqual(['owner', 'lead_technician', 'partner']);
    expect(TEAM_MEMBERS.some((m) => m.kind === 'placeholder')).toBe(true);
  });

  it('shows a placeholder role once it is enabled', () => {
    const members = TEAM_MEMBERS.map((m) => (m.role === 'Cleaning Technician' ? { ...m, enabled: true } : m));
    expect(visibleTeamMembers(members).map((m) => m.role)).toContain('Cleaning Technician');
  });
});
