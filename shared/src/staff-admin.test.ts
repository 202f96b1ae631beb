import { describe, expect, it } from 'vitest';
import { teamMemberCreateSchema, teamMemberUpdateSchema } from './staff-admin';

describe('team member schemas', () => {
  it('creates an enabled member at order 0 unless told otherwise, trimming the texts', () => {
    expect(teamMemberCreateSchema.parse({ name: ' Ana Lima ', role: 'Cleaning Technician', bio: 'Joined in the fall.', kind: 'placeholder' })).toEqual({
      name: 'Ana Lima',
      role: 'Cleaning Technician',
      bio: 'Joined in the fall.',
      kind: 'placeholder',
      enabled: true,
      sortOrder: 0,
    });
  });

  it('names each missing field with its message', () => {
    const result = teamMemberCreateSchema.safeParse({ name: '', role: ' ', kind: 'boss' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages).toEqual({ name: 'Please enter a name.', role: 'Please enter a role.', bio: 'Please enter a short bio.', kind: 'Please choose a kind.' });
  });

  it('refuses unknown fields, an empty change and a fractional order', () => {
    expect(teamMemberCreateSchema.safeParse({ name: 'N', role: 'R', bio: 'B', kind: 'owner', photo: 'x' }).success).toBe(false);
    expect(teamMemberUpdateSchema.safeParse({}).success).toBe(false);
    expect(teamMemberUpdateSchema.safeParse({ sortOrder: 1.5 }).success).toBe(false);
    expect(teamMemberUpdateSchema.parse({ enabled: false })).toEqual({ enabled: false });
  });
});
