import { describe, expect, it } from 'vitest';
import { admitStaff } from './admission';

const settings = { emailDomains: ['atlantahomecleaning.example'], requireHostedDomain: true };
const claims = {
  iss: 'https://accounts.google.com',
  sub: '1234567890',
  email: 'Sam.Staff@AtlantaHomeCleaning.example',
  email_verified: true,
  hd: 'atlantahomecleaning.example',
  name: 'Sam Staff',
};

describe('admitStaff', () => {
  it('admits a verified e-mail of an allowed domain with a matching hosted domain', () => {
    expect(admitStaff(claims, settings)).toEqual({
      admitted: true,
      staff: { issuer: 'https://accounts.google.com', subject: '1234567890', email: 'sam.staff@atlantahomecleaning.example', name: 'Sam Staff', displayName: 'Sam Staff' },
    });
  });

  it('refuses an unverified e-mail', () => {
    expect(admitStaff({ ...claims, email_verified: false }, settings)).toMatchObject({ admitted: false, reason: expect.stringContaining('not verified') });
    expect(admitStaff({ ...claims, email_verified: undefined }, settings).admitted).toBe(false);
  });

  it('refuses another domain, also one that merely ends like ours', () => {
    expect(admitStaff({ ...claims, email: 'someone@gmail.example', hd: undefined }, settings)).toMatchObject({ admitted: false, reason: 'e-mail domain gmail.example is not allowed' });
    expect(admitStaff({ ...claims, email: 'x@evil-atlantahomecleaning.example' }, settings).admitted).toBe(false);
    expect(admitStaff({ ...claims, email: 'x@sub.atlantahomecleaning.example' }, settings).admitted).toBe(false);
  });

  it('refuses a company address on an account without the hosted-domain claim, unless that check is off', () => {
    const privateAccount = { ...claims, hd: undefined };
    expect(admitStaff(privateAccount, settings)).toMatchObject({ admitted: false, reason: 'hosted domain (none) is not allowed' });
    expect(admitStaff(privateAccount, { ...settings, requireHostedDomain: false }).admitted).toBe(true);
    expect(admitStaff({ ...claims, hd: 'other.example' }, settings).admitted).toBe(false);
  });

  it('needs issuer, subject and e-mail; the display name falls back to the given name, then the address', () => {
    expect(admitStaff({ ...claims, sub: '' }, settings).admitted).toBe(false);
    expect(admitStaff({ ...claims, email: undefined }, settings).admitted).toBe(false);
    expect(admitStaff({ ...claims, name: undefined, given_name: 'Sam' }, settings)).toMatchObject({ staff: { name: null, displayName: 'Sam' } });
    expect(admitStaff({ ...claims, name: ' ' }, settings)).toMatchObject({ staff: { displayName: 'sam.staff' } });
  });
});
